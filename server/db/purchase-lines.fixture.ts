// Test data of migrations sqlite 023 / postgres 017 (an order's lines as rows), shared by their tests on both engines:
// lines as the server wrote them into the JSON column ('$' and grouped dollars with two decimals — '$19.99' × 100 is
// 1998.9999999999998 as a float — subcategory and description only when set), and the rows they must become.

export const STORED_LINES = {
  first: [
    { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$19.99', quantity: 2, subcategory: 'Pistols', description: 'spare' },
    { id: '2', name: '$100,000,000 Custom Cash', category: 'Custom Cash', price: '$1,234,567.89', quantity: 1 },
    { id: '3', name: 'Rifle Ammo', category: 'Ammo', price: '$0.05', quantity: 100, description: '' },
  ],
  second: [{ id: 'x', name: 'First Aid Kit', category: 'Equipment', price: '$0.30', quantity: 3 }],
};

/** The rows of purchase_request_lines the migration makes of STORED_LINES, by request id, ordered by request and position. */
export const migratedLines = (first: number, second: number) => {
  const row = (request_id: number, position: number, line: Record<string, unknown>) => ({
    request_id,
    position,
    item_id: line.id,
    name: line.name,
    category: line.category,
    unit_cents: line.unitCents,
    quantity: line.quantity,
    subcategory: line.subcategory ?? null,
    description: line.description ?? null,
  });
  const cents = { first: [1999, 123_456_789, 5], second: [30] };
  return [
    ...STORED_LINES.first.map((line, position) => row(first, position, { ...line, unitCents: cents.first[position] })),
    ...STORED_LINES.second.map((line, position) => row(second, position, { ...line, unitCents: cents.second[position] })),
  ];
};

/** A line whose price is no price text: the migration must stop on it rather than store $0.00. */
export const UNPRICED_LINES = [{ id: '1', name: 'Glock', category: 'Weapons', price: 'TBD', quantity: 1 }];
