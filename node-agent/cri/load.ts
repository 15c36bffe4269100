/**
 * Loads runtime.proto once and returns the two service client constructors. Conversion options
 * are fixed here for every call: camelCase fields, enums as names, int64 as strings, defaults
 * filled in (so an absent string reads as "" as in Go).
 */
import * as grpc from '@grpc/grpc-js';
import * as loader from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';

const PROTO = fileURLToPath(new URL('./runtime.proto', import.meta.url));

export interface CriServices {
  RuntimeService: grpc.ServiceClientConstructor;
  ImageService: grpc.ServiceClientConstructor;
}

let loaded: CriServices | undefined;

export function criServices(): CriServices {
  if (loaded) return loaded;
  const definition = loader.loadSync(PROTO, { keepCase: false, longs: String, enums: String, defaults: true, oneofs: true });
  const pkg = grpc.loadPackageDefinition(definition) as unknown as { runtime: { v1: CriServices } };
  loaded = pkg.runtime.v1;
  return loaded;
}
