/** core/v1 probes and lifecycle hooks: the actions the kubelet runs against a container. */
import { inline, int32, int64, intOrString, list, message, obj, str, strList } from '../../../schema/fields.ts';

export const execAction = message({
  command: strList(1, { listType: 'atomic', doc: 'Command line to execute inside the container; not run in a shell.' }),
});

export const httpHeader = message({
  name: str(1, { keep: true, doc: 'The header field name.' }),
  value: str(2, { keep: true, doc: 'The header field value.' }),
});

export const httpGetAction = message({
  path: str(1, { doc: 'Path to access on the HTTP server.' }),
  port: intOrString(2, { keep: true, doc: 'Name or number of the port to access on the container.' }),
  host: str(3, { doc: 'Host name to connect to, defaults to the pod IP.' }),
  scheme: str(4, { doc: 'Scheme to use for connecting to the host. Defaults to HTTP.' }),
  httpHeaders: list(5, httpHeader, { listType: 'atomic', doc: 'Custom headers to set in the request.' }),
});

export const tcpSocketAction = message({
  port: intOrString(1, { keep: true, doc: 'Number or name of the port to access on the container.' }),
  host: str(2, { doc: 'Host name to connect to, defaults to the pod IP.' }),
});

export const grpcAction = message({
  port: int32(1, { keep: true, doc: 'Port number of the gRPC service.' }),
  service: str(2, { ptr: true, keep: true, doc: 'Name of the service to place in the gRPC HealthCheckRequest.' }),
});

export const sleepAction = message({
  seconds: int64(1, { keep: true, doc: 'Seconds is the number of seconds to sleep.' }),
});

/** ProbeHandler, inlined in Probe (protobuf field 1). */
const probeHandler = {
  exec: obj(1, execAction, { ptr: true, doc: 'Exec specifies a command to execute in the container.' }),
  httpGet: obj(2, httpGetAction, { ptr: true, doc: 'HTTPGet specifies an HTTP GET request to perform.' }),
  tcpSocket: obj(3, tcpSocketAction, { ptr: true, doc: 'TCPSocket specifies a connection to a TCP port.' }),
  grpc: obj(4, grpcAction, { ptr: true, doc: 'GRPC specifies a GRPC HealthCheckRequest.' }),
};

export const probe = message({
  ...inline(1, probeHandler),
  initialDelaySeconds: int32(2, { doc: 'Seconds after the container has started before probes are initiated.' }),
  timeoutSeconds: int32(3, { doc: 'Seconds after which the probe times out. Defaults to 1.' }),
  periodSeconds: int32(4, { doc: 'How often (in seconds) to perform the probe. Defaults to 10.' }),
  successThreshold: int32(5, { doc: 'Minimum consecutive successes to be considered successful. Defaults to 1.' }),
  failureThreshold: int32(6, { doc: 'Minimum consecutive failures to be considered failed. Defaults to 3.' }),
  terminationGracePeriodSeconds: int64(7, { ptr: true, doc: 'Grace period in seconds upon probe failure; overrides the pod value.' }),
});

export const lifecycleHandler = message({
  exec: obj(1, execAction, { ptr: true, doc: 'Exec specifies a command to execute in the container.' }),
  httpGet: obj(2, httpGetAction, { ptr: true, doc: 'HTTPGet specifies an HTTP GET request to perform.' }),
  tcpSocket: obj(3, tcpSocketAction, { ptr: true, doc: 'Deprecated. TCPSocket is not supported as a LifecycleHandler.' }),
  sleep: obj(4, sleepAction, { ptr: true, doc: 'Sleep represents a duration that the container should sleep.' }),
});

export const lifecycle = message({
  postStart: obj(1, lifecycleHandler, { ptr: true, doc: 'PostStart is called immediately after a container is created.' }),
  preStop: obj(2, lifecycleHandler, { ptr: true, doc: 'PreStop is called immediately before a container is terminated.' }),
});
