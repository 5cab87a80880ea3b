import { DB_NAME, getDb, resetDbConnection } from '../lib/db';

/** After a test that used IndexedDB (fake-indexeddb): closes the app's connection, forgets it and deletes the database. */
export async function deleteTestDb(): Promise<void> {
  (await getDb()).close();
  resetDbConnection();
  indexedDB.deleteDatabase(DB_NAME);
}
