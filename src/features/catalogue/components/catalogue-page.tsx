import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { useListFrame } from '@/components/query-frame';
import { hasAdminAccess } from '@/domain/roles';
import { catalogueQueryOptions, useCatalogue, type ShopItem } from '@/lib/catalogue/catalogue-query';
import { useCurrentUserName, useUserData } from '@/lib/current-user';
import { filterItems, NO_FILTER, type GridFilter } from '../lib/grid-filter';
import { CatalogueGrid } from './catalogue-grid';
import { CatalogueToolbar } from './catalogue-toolbar';
import { ImportDialog } from './import-dialog';
import { ItemEditor } from './item-editor';
import { Muted } from './muted';
import { useReasonedChanges } from './use-reasoned-changes';
import { ValueCardDialog } from '@/components/value-card/value-card-dialog';
import { useLingui } from '@/lib/i18n/react';

/**
 * /catalogue: the shop's items for the super admin (everything) and admins (stock and status) — a grid with search
 * and filters, prices, stock and status edited in place with a reason, a column pasted from a spreadsheet, Undo for
 * 10 s; add or edit an item with a photo, hide or archive it; CSV export and import with a preview (issue 49).
 */
export function CataloguePage() {
  const { _ } = useLingui();
  const username = useCurrentUserName();
  const user = useUserData();
  const superAdmin = Boolean(user?.isSuperAdmin);
  const catalogue = useCatalogue(username !== null);
  const frame = useListFrame([catalogue], [catalogueQueryOptions().queryKey], <Muted role="status">{_('Loading the catalogue...')}</Muted>);
  const [filter, setFilter] = useState<GridFilter>(NO_FILTER);
  const [editing, setEditing] = useState<ShopItem | 'new' | null>(null);
  const [valueOf, setValueOf] = useState<ShopItem | null>(null);
  const [importing, setImporting] = useState(false);
  const shown = filterItems(catalogue.data?.items ?? [], filter);
  const { reason, change, pasteColumn } = useReasonedChanges(username, shown);

  if (!hasAdminAccess(user)) {
    return (
      <Page>
        <PageHeader title={_('Catalogue')} backTo="/" />
        <Muted role="alert">{_('Only admins can open the catalogue.')}</Muted>
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader
        title={_('Catalogue')}
        backTo="/"
        subtitle={superAdmin ? _('Prices, stock and items of the shop') : _('Stock and status of the shop’s items')}
        actions={
          superAdmin && (
            <HeaderActions>
              <Button type="button" onClick={() => setEditing('new')}>
                {_('Add item')}
              </Button>
            </HeaderActions>
          )
        }
      />
      <CatalogueToolbar
        filter={filter}
        onFilter={(patch) => setFilter((current) => ({ ...current, ...patch }))}
        reason={reason}
        superAdmin={superAdmin}
        onImport={() => setImporting(true)}
      />
      {frame.note}
      {frame.blocking ?? (
        <CatalogueGrid
          shown={shown}
          superAdmin={superAdmin}
          onChange={change}
          onPasteColumn={pasteColumn}
          onEdit={setEditing}
          onValue={setValueOf}
        />
      )}
      {editing && (
        <ItemEditor item={editing === 'new' ? null : editing} items={catalogue.data?.items ?? []} onClose={() => setEditing(null)} />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      <ValueCardDialog item={valueOf} onClose={() => setValueOf(null)} />
    </Page>
  );
}

const Page = styled.main`
  width: 100%;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(3)} 6rem;
  @media (min-width: 768px) {
    padding: 0 ${({ theme }) => theme.space(6)} 6rem;
  }
`;

const HeaderActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;
