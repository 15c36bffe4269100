/**
 * The local runtime's webhook caller (local/webhook-caller.ts), a service binding that Node
 * answers: the apiserver POSTs the AdmissionReview through the binding, with the webhook's URL,
 * caBundle and deadline in these headers (the binding is a Node handler that sees the request's
 * path, not its scheme, so the URL travels whole), and the caller makes the call itself. It
 * answers with the webhook's status and body, or, when the webhook could not be reached, 502
 * with ERROR_HEADER set and the transport error (Go's words) as text.
 */
export const URL_HEADER = 'X-Timonier-Webhook-Url';
export const CA_BUNDLE_HEADER = 'X-Timonier-Webhook-Ca-Bundle';
export const TIMEOUT_HEADER = 'X-Timonier-Webhook-Timeout-Ms';
export const ERROR_HEADER = 'X-Timonier-Webhook-Error';
