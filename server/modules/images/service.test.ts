import { describe, expect, it } from 'vitest';
import { createImagesService } from './service';

const owners: Record<string, { ownerId: number | null }> = { 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.jpg': { ownerId: 7 } };
const service = createImagesService(async (file) => owners[file]);
const player = (id: number) => ({ id, username: `p${id}`, isAdmin: false, isSuperAdmin: false });
const admin = { id: 1, username: 'admin', isAdmin: true, isSuperAdmin: true };
const file = Object.keys(owners)[0];

describe('images service', () => {
  it('when the owner or an admin asks, then the photo may be seen', async () => {
    await expect(service.requireVisible(player(7), file)).resolves.toBeUndefined();
    await expect(service.requireVisible(admin, file)).resolves.toBeUndefined();
  });

  it('when another player asks, then it answers 403; for a name no record holds or not a stored name, 404', async () => {
    await expect(service.requireVisible(player(8), file)).rejects.toMatchObject({
      status: 403,
      message: 'You may only see your own photos',
    });
    await expect(service.requireVisible(admin, 'ffffffffffffffffffffffffffffffff.jpg')).rejects.toMatchObject({ status: 404 });
    await expect(service.requireVisible(admin, '../etc/passwd')).rejects.toMatchObject({ status: 404, message: 'There is no such photo' });
  });

  it('when a record names the file, then it is referenced (the orphan sweep keeps it)', async () => {
    expect(await service.isReferenced(file)).toBe(true);
    expect(await service.isReferenced('ffffffffffffffffffffffffffffffff.jpg')).toBe(false);
  });
});
