/** The node lifecycle controllers: heartbeat monitoring and taint-based eviction. */
import type { Controller } from '../framework/controller.ts';
import { nodeLifecycleController } from './controller.ts';
import { taintEvictionController } from './eviction.ts';

export const nodeLifecycleControllers: Controller[] = [nodeLifecycleController, taintEvictionController];
