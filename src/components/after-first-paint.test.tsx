import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

/** What the document held when the frame that mounted it was committed (a layout effect runs before that paint). */
function FirstFrame({ seen }: { seen: string[] }) {
  useLayoutEffect(() => {
    seen.push(document.querySelector('[aria-busy="true"]') ? 'placeholder' : 'body', document.body.textContent ?? '');
  }, [seen]);
  return null;
}

describe('AfterFirstPaint', () => {
  it('when it mounts, then its first frame holds a busy placeholder and its children follow in the next render', async () => {
    const seen: string[] = [];
    render(
      <>
        <AfterFirstPaint>
          <p>Heavy body</p>
        </AfterFirstPaint>
        <FirstFrame seen={seen} />
      </>,
    );
    expect(await screen.findByText('Heavy body')).toBeInTheDocument();
    expect(seen[0]).toBe('placeholder');
    expect(seen[1]).not.toContain('Heavy body');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
