/** Whether a quantity text is an integer above 0 (the cart and the sell screen both require it). */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}
