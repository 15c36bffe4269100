/** The `npm start` entry (run with tsx). */
import { serve } from './serve.ts';

await serve(process.argv.slice(2));
