/** autoscaling/v2 SetDefaults_HorizontalPodAutoscaler: minReplicas 1, 80 % CPU, and behavior's unset rules (only when behavior is given). */
import type { HorizontalPodAutoscaler, ScalingRules } from '../../../../../lib/api/hpa.ts';

export const DEFAULT_CPU_UTILIZATION = 80;

/** scale up: 4 pods or 100 % per 15 s, whichever is more, no stabilization */
export const defaultScaleUp = (): ScalingRules => ({
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
});

/** scale down: 100 % per 15 s; the stabilization window is left unset (the controller's 300 s) */
export const defaultScaleDown = (): ScalingRules => ({ selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] });

function fill(rules: ScalingRules | null | undefined, defaults: ScalingRules): ScalingRules {
  if (!rules) return defaults;
  return {
    ...(rules.stabilizationWindowSeconds != null ? { stabilizationWindowSeconds: rules.stabilizationWindowSeconds } : defaults.stabilizationWindowSeconds != null ? { stabilizationWindowSeconds: defaults.stabilizationWindowSeconds } : {}),
    selectPolicy: rules.selectPolicy ?? defaults.selectPolicy,
    policies: rules.policies ?? defaults.policies,
  };
}

export function defaultHpa(hpa: HorizontalPodAutoscaler): void {
  const spec = (hpa.spec ??= {});
  spec.minReplicas ??= 1;
  if (!spec.metrics?.length) spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  if (spec.behavior) spec.behavior = { scaleUp: fill(spec.behavior.scaleUp, defaultScaleUp()), scaleDown: fill(spec.behavior.scaleDown, defaultScaleDown()) };
}
