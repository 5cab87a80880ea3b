import { forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../users/repository';
import { STORED_IMAGE_NAME } from './store';

/** Who a stored photo belongs to: a sell photo's submitter, or the owner of the record a handover photo proves. */
export type OwnerOfImage = (file: string) => Promise<{ ownerId: number | null; everyone?: boolean } | undefined>;

/** Who may see a stored photo: its owner and admins; any other name is not found. */
export function createImagesService(ownerOfImage: OwnerOfImage) {
  return {
    /** Resolves when `viewer` may see `file`; throws 404 for a name no record holds, 403 for someone else's photo. */
    async requireVisible(viewer: AuthUser, file: string): Promise<void> {
      const owner = STORED_IMAGE_NAME.test(file) ? await ownerOfImage(file) : undefined;
      if (!owner) throw notFound('There is no such photo');
      if (!viewer.isAdmin && !owner.everyone && owner.ownerId !== viewer.id) throw forbidden('You may only see your own photos');
    },
    /** Whether any record still names the file (the sweep of photos a crash left behind). */
    isReferenced: async (file: string): Promise<boolean> => (await ownerOfImage(file)) !== undefined,
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
