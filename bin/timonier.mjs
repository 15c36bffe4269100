#!/usr/bin/env node
/**
 * The timonier command. Each subcommand is a TypeScript module, bundled at each run as `npm start`
 * bundles its entry (local/run-bundled.mjs): the same code, no build step, and no transpiler in
 * the process (tsx cost `timonier start` ~100 MB of RSS).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleEntry } from '../local/run-bundled.mjs';

const USAGE = `usage: timonier <command> [flags]
commands:
  start   run the control plane locally (timonier start --help)
  token   create a join token for node agents (timonier token create --help)
  kubeconfig  create or revoke a person's kubeconfig (timonier kubeconfig create --help)
  node-agent  join this machine to a cluster as a node (timonier node-agent join --help)
  cluster     create or delete a tenant cluster (timonier cluster create --help)
  class       a cluster per student, and the class's status (timonier class create --help)`;

const COMMANDS = {
  start: async (argv) => (await load('../local/serve.ts')).serve(argv),
  token: async (argv) => (await load('../node-agent/tunnel/token-create.ts')).tokenCommand(argv),
  kubeconfig: async (argv) => (await load('../local/kubeconfig-command.ts')).kubeconfigCommand(argv),
  cluster: async (argv) => (await load('../local/cluster-command.ts')).clusterCommand(argv),
  class: async (argv) => (await load('../local/class-command.ts')).classCommand(argv),
  'node-agent': async (argv) => (await load('../node-agent/cli.ts')).nodeAgentCommand(argv),
};

async function load(path) {
  return import(pathToFileURL(await bundleEntry(fileURLToPath(new URL(path, import.meta.url)))).href);
}

// Only the command is parsed here; its flags belong to the command.
const { tokens } = parseArgs({ args: process.argv.slice(2), strict: false, allowPositionals: true, tokens: true });
const first = tokens[0];
if (!first || (first.kind === 'option' && first.name.match(/^(h|help)$/))) {
  console.log(USAGE);
} else if (first.kind === 'positional' && Object.hasOwn(COMMANDS, first.value)) {
  await COMMANDS[first.value](process.argv.slice(3));
} else {
  console.error(`timonier: unknown command "${first.kind === 'positional' ? first.value : process.argv[2]}"\n${USAGE}`);
  process.exit(2);
}
