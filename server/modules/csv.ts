/**
 * CSV as the console's exports write it (RFC 4180): every cell quoted when it holds a quote, a comma or a line
 * break, lines ended by CRLF. A cell that a spreadsheet would read as a formula (it starts with = + - @, or a tab
 * or carriage return before one) gets a leading apostrophe, so a customer's name or a reason cannot run in the
 * desk's spreadsheet. A plain number ("-10.00") is no formula and stays a number, so a debit still sums.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A unix time in seconds as ISO 8601 UTC ("2026-11-27T09:30:00Z"); empty when there is none. */
export const isoTime = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? "" : new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z");

/** One export: its header line and how each row becomes a line. */
export interface CsvTable<Row> {
  columns: readonly string[];
  cells: (row: Row) => readonly CsvValue[];
}

/** The export as text pieces: the header, then a line per row as the rows arrive (streamed, never held whole). */
export async function* csvLines<Row>(table: CsvTable<Row>, rows: AsyncIterable<Row>): AsyncGenerator<string> {
  yield csvLine(table.columns);
  for await (const row of rows) yield csvLine(table.cells(row));
}

/** The first columns of every review queue's export: the request, when it came, and whose it is. */
export const REQUEST_COLUMNS = ["id", "submitted_utc", "user_id", "account", "phone"] as const;
export const requestCells = (row: { id: number; createdAt: number; userId: number }, account: string, phone: string): CsvValue[] => [
  row.id,
  isoTime(row.createdAt),
  row.userId,
  account,
  phone,
];
