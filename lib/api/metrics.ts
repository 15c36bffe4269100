/** metrics.k8s.io/v1beta1 NodeMetrics and PodMetrics (what metrics-server serves, `kubectl top` reads). */
import * as v from 'valibot';
import { list, message, obj, quantityMap, str, time } from '../schema/fields.ts';
import { objectEntries, type KubeObject } from './meta.ts';

const usageDoc = 'The memory usage is the memory working set.';

export const nodeMetricsSchema = v.object({
  ...objectEntries,
  timestamp: time(2, { doc: 'The following fields define time interval from which metrics were collected from the interval [Timestamp-Window, Timestamp].' }),
  window: str(3, { doc: 'Duration of the interval over which the CPU usage rate was computed.' }),
  usage: quantityMap(4, { doc: usageDoc }),
});

export const containerMetrics = message({
  name: str(1, { doc: 'Container name corresponding to the one from pod.spec.containers.' }),
  usage: quantityMap(2, { doc: usageDoc }),
});

export const podMetricsSchema = v.object({
  ...objectEntries,
  timestamp: time(2, { doc: 'The following fields define time interval from which metrics were collected from the interval [Timestamp-Window, Timestamp].' }),
  window: str(3, { doc: 'Duration of the interval over which the CPU usage rate was computed.' }),
  containers: list(4, containerMetrics, { doc: 'Metrics for all containers are collected within the same time window.' }),
});

export type Usage = { cpu: string; memory: string };

export interface NodeMetrics extends KubeObject {
  timestamp: string;
  window: string;
  usage: Usage;
}

export interface PodMetrics extends KubeObject {
  timestamp: string;
  window: string;
  containers: { name: string; usage: Usage }[];
}

export const METRICS_GROUP = 'metrics.k8s.io';
