import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { OfflineDataNote } from './offline-data-note';

describe('OfflineDataNote', () => {
  it('says the data is offline data and when it was received', () => {
    render(
      <ThemeProvider theme={theme}>
        <OfflineDataNote savedAt="2026-11-21T05:34:00.000Z" />
      </ThemeProvider>,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(/^Offline data — last updated /);
    expect(note.querySelector('time')).toHaveAttribute('dateTime', '2026-11-21T05:34:00.000Z');
  });
});
