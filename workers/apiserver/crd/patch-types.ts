/** The patch types custom resources accept: no strategic merge (Kubernetes answers 415). */
export const CUSTOM_PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml'];
