/** The `npm start` entry (bundled and run by local/run-bundled.mjs). */
import { serve } from './serve.ts';

await serve(process.argv.slice(2));
