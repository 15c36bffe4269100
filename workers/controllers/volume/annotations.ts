/** The annotations Kubernetes' PV controller, scheduler and provisioners agree on. */
export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
export const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_BETA_STORAGE_PROVISIONER = 'volume.beta.kubernetes.io/storage-provisioner';
export const ANN_PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';
