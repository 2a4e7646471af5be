import { migratedTemplate } from "./template-database";

/**
 * Makes the migrated template once, before the workers start, so parallel test files load it instead of each
 * migrating an empty database of its own to make the same file.
 */
export default async function setup(): Promise<void> {
  await migratedTemplate();
}
