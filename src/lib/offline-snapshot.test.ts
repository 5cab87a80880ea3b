import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from './api-client';
import { kvGet, snapshotKey } from './db';
import { snapshotServedKeys, withOfflineSnapshot } from './offline-snapshot';
import { deleteTestDb } from '../test/idb';

afterEach(async () => {
  await deleteTestDb();
});

const queryKey = ['/api/user-sell-requests', 'alice'] as const;

describe('withOfflineSnapshot', () => {
  it('when the list loads, then it is saved with its time; when the network then fails, the saved list answers and is marked', async () => {
    let online = true;
    const queryFn = withOfflineSnapshot(async () => {
      if (!online) throw new NetworkError(new TypeError('Failed to fetch'));
      return [{ id: 1, itemName: 'AK-47' }];
    });
    expect(await queryFn({ queryKey })).toEqual([{ id: 1, itemName: 'AK-47' }]);
    await expect.poll(() => kvGet(snapshotKey(queryKey))).toMatchObject({ data: [{ id: 1, itemName: 'AK-47' }] });
    expect(snapshotServedKeys().size).toBe(0);

    online = false;
    expect(await queryFn({ queryKey })).toEqual([{ id: 1, itemName: 'AK-47' }]);
    expect(snapshotServedKeys()).toEqual(new Set([JSON.stringify(queryKey)]));

    online = true;
    await queryFn({ queryKey });
    expect(snapshotServedKeys().size).toBe(0);
  });

  it('when nothing was saved yet, then the network error is passed on', async () => {
    const queryFn = withOfflineSnapshot(async () => {
      throw new NetworkError(new TypeError('Failed to fetch'));
    });
    await expect(queryFn({ queryKey: ['/api/scheduled-pickups'] })).rejects.toBeInstanceOf(NetworkError);
  });

  it('when the server refuses (not a network failure), then the error is passed on even with a saved list', async () => {
    let fail = false;
    const queryFn = withOfflineSnapshot(async () => {
      if (fail) throw new Error('500: boom');
      return ['x'];
    });
    await queryFn({ queryKey: ['k'] });
    await expect.poll(() => kvGet(snapshotKey(['k']))).toBeTruthy();
    fail = true;
    await expect(queryFn({ queryKey: ['k'] })).rejects.toThrow('500: boom');
  });
});
