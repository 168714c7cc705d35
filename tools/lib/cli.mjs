// The one way an operator command reads its arguments and fails, so none needs its code read: `--help` prints
// the usage (exit 0); a wrong or missing argument or credential is one sentence (exit 2); a failure is one
// sentence (exit 1). Never a stack trace for bad input (CHORUS_DEBUG=1 adds the stack to a failure).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** A mistake in what the operator gave (an argument, a credential, a file), told in one sentence. */
export class UsageError extends Error {}

/**
 * Reads `argv` against the command's options (node:util parseArgs, strict), or returns `{ help: true }`.
 * @param {string[]} argv the arguments after the script
 * @param {{ command: string, options?: import('node:util').ParseArgsConfig['options'], positionals?: boolean }} spec
 * @returns {{ help: true } | { help: false, values: Record<string, any>, positionals: string[] }}
 */
export function parseCommandLine(argv, { command, options = {}, positionals = false }) {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true };
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: positionals, strict: true });
    return { help: false, values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(`${argumentProblem(error, argv)}; see \`${helpCommand(command)}\`.`);
  }
}

/** The command an operator types to see a command's usage. */
export function helpCommand(command) {
  if (command === 'start') return 'npm start -- --help';
  const [script, scenario] = command.split(' ');
  return scenario ? `npm run ${script} -- ${scenario} --help` : `npm run ${command} -- --help`;
}

function argumentProblem(error, argv) {
  const quoted = /'([^']+)'/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${quoted ?? argv.find((a) => a.startsWith('-'))}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `${/--?[\w-]+/.exec(error.message)?.[0] ?? 'An option'} ${/does not take/.test(error.message) ? 'takes no value' : 'needs a value (write --name=-value for one starting with -)'}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument ${quoted ?? ''}`.trim();
    default:
      return error.message.split('\n')[0].replace(/\.$/, '');
  }
}

/** One sentence for an error: its message's first line, or what an unreachable address means. */
export function oneSentence(error) {
  if (!(error instanceof Error)) return String(error);
  const cause = /** @type {any} */ (error).cause;
  if (cause?.code === 'ECONNREFUSED') return `nothing answers at ${cause.address}:${cause.port} (is it running?)`;
  if (cause?.code === 'ENOTFOUND') return `the host ${cause.hostname} is unknown`;
  if (error.message === 'fetch failed' && cause?.message) return cause.message.split('\n')[0];
  return error.message.split('\n')[0] + pocketBaseDetail(error);
}

/** For a PocketBase SDK error: which address answered what, and each field's complaint, so a refusal is traceable. */
function pocketBaseDetail(error) {
  const { url, status, response } = /** @type {any} */ (error);
  if (typeof url !== 'string' || !url || typeof status !== 'number') return '';
  const fields = Object.entries(response?.data ?? {})
    .map(([field, issue]) => `${field}: ${issue?.message ?? JSON.stringify(issue)}`)
    .join('; ');
  return ` (${status} from ${new URL(url).pathname}${fields ? `; ${fields}` : ''})`;
}

/**
 * A command's usage: its synopsis, then the intent comment at the top of its script (one home for what it does).
 * @param {{ command: string, synopsis?: string, file: string }} spec `file` is the script's import.meta.url
 */
export function usageFromScript({ command, synopsis = '', file }) {
  const header = [];
  for (const line of readFileSync(fileURLToPath(file), 'utf8').split('\n')) {
    if (!line.startsWith('//')) break;
    header.push(line.replace(/^\/\/ ?/, ''));
  }
  const [script, scenario] = command.split(' ');
  const run = command === 'start' ? 'npm start' : scenario ? `npm run ${script} -- ${scenario}` : `npm run ${command}`;
  const options = synopsis ? (scenario ? ` ${synopsis}` : ` -- ${synopsis}`) : '';
  return `Usage: ${run}${options}\n\n${header.join('\n')}`;
}

/**
 * Starts an operator command: answers `--help` with `spec.usage`, refuses wrong arguments in one sentence
 * and turns any later failure (an uncaught error or a rejected top-level await, after `finally` blocks ran)
 * into `<command> failed: <one sentence>`. Returns the parsed arguments.
 * @param {{ command: string, usage?: string, file?: string, synopsis?: string, options?: object, positionals?: boolean }} spec
 *   without `usage`, the usage is built from `file` (the script's import.meta.url) and `synopsis`
 */
export function commandLine(spec, argv = process.argv.slice(2)) {
  process.on('uncaughtException', (error) => {
    if (error instanceof UsageError) console.error(error.message);
    else console.error(`${spec.command} failed: ${oneSentence(error)}`);
    if (process.env.CHORUS_DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
  let args;
  try {
    args = parseCommandLine(argv, spec);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  if (args.help) {
    console.log((spec.usage ?? usageFromScript(/** @type {any} */ (spec))).trim());
    process.exit(0);
  }
  return { values: args.values, positionals: args.positionals };
}

/** A positive number from an option's text, or a UsageError naming the option. */
export function positiveNumber(text, option) {
  const value = Number(text);
  if (!(value > 0)) throw new UsageError(`${option} takes a positive number (got ${text}).`);
  return value;
}
