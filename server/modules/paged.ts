import type { RecordPage } from "#contract/paging";
import { PAGE_SIZE } from "#contract/paging";

export async function paged<T>(rows: Promise<T[]>, total: Promise<Array<{ n: number }>>, page: number): Promise<RecordPage<T>> {
  const [items, [counted]] = await Promise.all([rows, total]);
  return { items, page, pageSize: PAGE_SIZE, total: counted?.n ?? 0 };
}
