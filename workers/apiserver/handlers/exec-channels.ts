/** The exec channel protocol, shared with the node agent (lib/tunnel/channels.ts). */
export { CHANNEL, channelFrame, exitStatus, V5 } from '../../../lib/tunnel/channels.ts';
