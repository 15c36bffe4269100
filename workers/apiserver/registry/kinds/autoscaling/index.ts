/** autoscaling: HorizontalPodAutoscaler in v2 (stored, preferred) and v1. */
export { default as hpaV2 } from './hpa-v2.ts';
export { default as hpaV1 } from './hpa-v1.ts';
