import type { ShopItem } from '@/lib/catalogue/catalogue-query';
import { i18n } from '@/lib/i18n/i18n';
import type { ItemChange } from '../api/save-item';
import { readCell, type EditableField } from './cell-value';

/**
 * A column pasted into a cell fills it and the cells below it, in the order the grid shows them: the changes of the
 * values that differ, and the problem of each line that cannot be read (with any, the grid pastes nothing).
 */
export function pastedChanges(
  shown: readonly ShopItem[],
  from: ShopItem,
  field: EditableField,
  lines: readonly string[],
): { changes: Array<{ item: ShopItem; change: ItemChange }>; problems: string[] } {
  const start = shown.findIndex((item) => item.id === from.id);
  const targets = shown.slice(start, start + lines.length);
  const changes: Array<{ item: ShopItem; change: ItemChange }> = [];
  const problems: string[] = [];
  targets.forEach((item, index) => {
    const read = readCell(field, lines[index]);
    if (!read.ok) problems.push(i18n._('Line {line} ({item}): {problem}', { line: index + 1, item: item.name, problem: read.message }));
    else if (read.value !== item[field]) changes.push({ item, change: { [field]: read.value } });
  });
  return { changes, problems };
}
