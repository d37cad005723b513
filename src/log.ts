/** Terminal output: colours only on a TTY without NO_COLOR; --quiet and --verbose levels. */
export type LogLevel = "quiet" | "normal" | "verbose";

export interface Logger {
  level: LogLevel;
  /** A finished stage with its duration (not with --quiet). */
  stage(name: string, ms: number, ok?: boolean): void;
  info(message: string): void;
  notice(message: string): void;
  /** Something to fix that does not stop the build; stderr. */
  warn(message: string): void;
  /** Problems and failures go to stderr whatever the level. */
  error(message: string): void;
  /** The one summary line of a build. */
  success(message: string): void;
}

export interface LoggerOptions {
  level?: LogLevel;
  stdout?: NodeJS.WritableStream & { isTTY?: boolean };
  stderr?: NodeJS.WritableStream & { isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? "normal";
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  const colour = (stream: { isTTY?: boolean }) => Boolean(stream.isTTY) && !("NO_COLOR" in env) && env.TERM !== "dumb";
  const paint = (stream: { isTTY?: boolean }, code: number, text: string) => (colour(stream) ? `\x1b[${code}m${text}\x1b[0m` : text);
  const out = (text: string) => stdout.write(`${text}\n`);
  return {
    level,
    stage(name, ms, ok = true) {
      if (level !== "quiet") out(`${paint(stdout, ok ? 32 : 31, ok ? "✓" : "✗")} ${name.padEnd(8)} ${paint(stdout, 2, formatMs(ms))}`);
    },
    info(message) {
      if (level !== "quiet") out(message);
    },
    notice(message) {
      if (level !== "quiet") out(`${paint(stdout, 36, "notice")} ${message}`);
    },
    warn(message) {
      if (level !== "quiet") stderr.write(`${paint(stderr, 33, "warning")} ${message}\n`);
    },
    error(message) {
      stderr.write(`${paint(stderr, 31, message)}\n`);
    },
    success(message) {
      if (level !== "quiet") out(paint(stdout, 32, message));
    },
  };
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
