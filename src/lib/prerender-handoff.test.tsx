import { afterEach, describe, expect, it } from 'vitest';
import { finishHandOver, prefilled, takeOverPrerendered } from './prerender-handoff';

/** A drawn login form in #root, as the build sends it. */
function drawnLogin(): HTMLElement {
  document.body.innerHTML =
    '<div id="root" data-prerendered="/login"><form><input name="username" value=""><input name="password" type="password" value=""></form></div>';
  return document.getElementById('root')!;
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`)!;

/** The drawn login with `username` typed into it, taken over by the app; answers #root. */
function startedWith(username: string): HTMLElement {
  const root = drawnLogin();
  field('username').value = username;
  expect(takeOverPrerendered(root)).toBe(true);
  return root;
}

/** Marks every element as React's, as hydration does, so the hand-over can end at once. */
const ownAll = () => document.querySelectorAll('#root, #root *').forEach((element) => Object.assign(element, { __reactProps$test: {} }));

afterEach(() => {
  ownAll();
  finishHandOver();
  document.body.innerHTML = '';
});

describe('the hand-over from a drawn screen', () => {
  it('when the visitor types before the app starts, then the app starts from what was typed', () => {
    startedWith('sam');
    expect(prefilled('username')).toBe('sam');
    expect(prefilled('password')).toBe('');
  });

  it('when the visitor goes on typing after the app started, then a field drawn again starts from the drawn field as it is now', () => {
    startedWith('sam');
    field('username').value = 'sam_the_trader';
    field('password').value = 'secret';
    expect(prefilled('username')).toBe('sam_the_trader');
    expect(prefilled('password')).toBe('secret');
  });

  it('when the drawn field is already gone, then what was read at the start is used', () => {
    startedWith('sam').innerHTML = '';
    expect(prefilled('username')).toBe('sam');
  });

  it('when the hand-over has ended, then nothing is prefilled any more, and the cursor is where the visitor last was', () => {
    const root = drawnLogin();
    field('username').focus();
    takeOverPrerendered(root);
    field('password').value = 'secret';
    field('password').focus();
    ownAll();
    finishHandOver();
    expect(root.hasAttribute('data-taken-over')).toBe(true);
    expect(document.activeElement).toBe(field('password'));
    expect(prefilled('password')).toBe('');
  });

  it('when #root holds no drawn screen, then there is nothing to take over', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeOverPrerendered(document.getElementById('root')!)).toBe(false);
    expect(prefilled('username')).toBe('');
  });
});
