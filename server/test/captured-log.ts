import pino from "pino";

/** One line the store logged, as pino wrote it (level, msg and the line's own fields). */
export type LoggedLine = { level: number; msg: string } & Record<string, unknown>;

/** A logger for the app under test (`logger` of startTestApp) that keeps every line it writes. */
export function capturedLog(level: pino.Level): { logger: pino.Logger; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const logger = pino(
    { level },
    { write: (line: string) => void lines.push(JSON.parse(line) as LoggedLine) },
  );
  return { logger, lines };
}
