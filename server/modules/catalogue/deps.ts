import type { Tx } from '../../db/scope';
import type { Hub } from '../../realtime/hub';
import type { ImageStore } from '../images/store';

/** What the catalogue's use cases are given. */
export interface CatalogueDeps {
  tx: Tx;
  hub: Hub;
  images: ImageStore;
  timeZone: string;
}
