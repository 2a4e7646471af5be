/** Every customer list (orders, records, messages, content) pages by this many rows. */
export const PAGE_SIZE = 20;

/** One page of a list, newest first. */
export interface RecordPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
