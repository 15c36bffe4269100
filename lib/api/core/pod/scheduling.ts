/** core/v1 scheduling constraints of a pod: affinity, tolerations, topology spread, gates. */
import { int32, int64, list, message, obj, str, strList } from '../../../schema/fields.ts';
import { labelSelector } from '../../meta.ts';

export const toleration = message({
  key: str(1, { doc: 'The taint key that the toleration applies to. Empty means match all taint keys.' }),
  operator: str(2, { doc: "Key's relationship to the value: Exists or Equal. Defaults to Equal." }),
  value: str(3, { doc: 'The taint value the toleration matches to.' }),
  effect: str(4, { doc: 'The taint effect to match: NoSchedule, PreferNoSchedule or NoExecute; empty matches all.' }),
  tolerationSeconds: int64(5, { ptr: true, doc: 'How long a NoExecute taint is tolerated before eviction; unset means forever.' }),
});

export const nodeSelectorRequirement = message({
  key: str(1, { keep: true, doc: 'The label key that the selector applies to.' }),
  operator: str(2, { keep: true, doc: "Key's relationship to values: In, NotIn, Exists, DoesNotExist, Gt or Lt." }),
  values: strList(3, { listType: 'atomic', doc: 'An array of string values.' }),
});

export const nodeSelectorTerm = message(
  {
    matchExpressions: list(1, nodeSelectorRequirement, { listType: 'atomic', doc: "Node selector requirements by node's labels." }),
    matchFields: list(2, nodeSelectorRequirement, { listType: 'atomic', doc: "Node selector requirements by node's fields." }),
  },
  { structType: 'atomic' },
);

export const nodeSelector = message(
  { nodeSelectorTerms: list(1, nodeSelectorTerm, { listType: 'atomic', keep: true, doc: 'Required. A list of node selector terms. The terms are ORed.' }) },
  { structType: 'atomic' },
);

const weight = int32(1, { keep: true, doc: 'Weight associated with matching the corresponding term, in the range 1-100.' });

export const nodeAffinity = message({
  requiredDuringSchedulingIgnoredDuringExecution: obj(1, nodeSelector, { ptr: true, doc: 'Node requirements that must be met at scheduling time.' }),
  preferredDuringSchedulingIgnoredDuringExecution: list(
    2,
    message({ weight, preference: obj(2, nodeSelectorTerm, { doc: 'A node selector term, associated with the corresponding weight.' }) }),
    { listType: 'atomic', doc: 'Nodes the scheduler prefers, by weight.' },
  ),
});

export const podAffinityTerm = message({
  labelSelector: obj(1, labelSelector, { ptr: true, doc: 'A label query over a set of resources, in this case pods.' }),
  namespaces: strList(2, { listType: 'atomic', doc: 'Namespace names that the term applies to.' }),
  topologyKey: str(3, { keep: true, doc: 'Node label key that defines co-location.' }),
  namespaceSelector: obj(4, labelSelector, { ptr: true, doc: 'A label query over the set of namespaces that the term applies to.' }),
  matchLabelKeys: strList(5, { listType: 'atomic', doc: 'Pod label keys whose values are merged into labelSelector as `key in (value)`.' }),
  mismatchLabelKeys: strList(6, { listType: 'atomic', doc: 'Pod label keys whose values are merged into labelSelector as `key notin (value)`.' }),
});

const podAffinityType = (what: string) =>
  message({
    requiredDuringSchedulingIgnoredDuringExecution: list(1, podAffinityTerm, { listType: 'atomic', doc: `${what} requirements that must be met at scheduling time.` }),
    preferredDuringSchedulingIgnoredDuringExecution: list(
      2,
      message({ weight, podAffinityTerm: obj(2, podAffinityTerm, { doc: 'A pod affinity term, associated with the corresponding weight.' }) }),
      { listType: 'atomic', doc: `${what} expressions the scheduler prefers, by weight.` },
    ),
  });

export const affinity = message({
  nodeAffinity: obj(1, nodeAffinity, { ptr: true, doc: 'Describes node affinity scheduling rules for the pod.' }),
  podAffinity: obj(2, podAffinityType('Pod affinity'), { ptr: true, doc: 'Describes pod affinity scheduling rules.' }),
  podAntiAffinity: obj(3, podAffinityType('Pod anti-affinity'), { ptr: true, doc: 'Describes pod anti-affinity scheduling rules.' }),
});

export const topologySpreadConstraint = message({
  maxSkew: int32(1, { keep: true, doc: 'The degree to which pods may be unevenly distributed.' }),
  topologyKey: str(2, { keep: true, doc: 'The key of node labels; nodes with the same value are in the same topology.' }),
  whenUnsatisfiable: str(3, { keep: true, doc: 'How to deal with a pod that does not satisfy the constraint: DoNotSchedule or ScheduleAnyway.' }),
  labelSelector: obj(4, labelSelector, { ptr: true, doc: 'Finds matching pods, counted to determine the number of pods in their topology domain.' }),
  minDomains: int32(5, { ptr: true, doc: 'A minimum number of eligible domains.' }),
  nodeAffinityPolicy: str(6, { ptr: true, doc: "How the pod's nodeAffinity/nodeSelector is treated when calculating skew: Honor or Ignore." }),
  nodeTaintsPolicy: str(7, { ptr: true, doc: 'How node taints are treated when calculating skew: Honor or Ignore.' }),
  matchLabelKeys: strList(8, { listType: 'atomic', doc: 'Pod label keys to select the pods over which spreading will be calculated.' }),
});

export const hostAlias = message({
  ip: str(1, { keep: true, doc: 'IP address of the host file entry.' }),
  hostnames: strList(2, { listType: 'atomic', doc: 'Hostnames for the above IP address.' }),
});

export const podDNSConfig = message({
  nameservers: strList(1, { listType: 'atomic', doc: 'DNS name server IP addresses, appended to those of the DNS policy.' }),
  searches: strList(2, { listType: 'atomic', doc: 'DNS search domains for host-name lookup.' }),
  options: list(
    3,
    message({
      name: str(1, { doc: "This DNS resolver option's name." }),
      value: str(2, { ptr: true, doc: "This DNS resolver option's value." }),
    }),
    { listType: 'atomic', doc: 'DNS resolver options.' },
  ),
});

export const podReadinessGate = message({
  conditionType: str(1, { keep: true, doc: "Refers to a condition in the pod's condition list with matching type." }),
});

export const podSchedulingGate = message({ name: str(1, { keep: true, doc: 'Name of the scheduling gate.' }) });

export const podOS = message({ name: str(1, { keep: true, doc: 'Name of the operating system: linux or windows.' }) });

export const podResourceClaim = message({
  name: str(1, { keep: true, doc: 'Uniquely identifies this resource claim inside the pod.' }),
  resourceClaimName: str(3, { ptr: true, doc: 'Name of a ResourceClaim object in the same namespace as this pod.' }),
  resourceClaimTemplateName: str(4, { ptr: true, doc: 'Name of a ResourceClaimTemplate object in the same namespace as this pod.' }),
});
