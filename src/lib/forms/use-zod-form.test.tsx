import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { useZodForm, type FormCheck } from './use-zod-form';

const Body = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Enter a name')),
  code: z.string().check(z.minLength(4, 'The code has 4 characters'), z.maxLength(4, 'The code has 4 characters')),
});

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent & { preventDefault: ReturnType<typeof vi.fn> };
const typing = (value: string) => ({ target: { value } }) as never;

afterEach(() => {
  vi.useRealTimers();
});

describe('useZodForm', () => {
  it('when a field is typed in, then its props carry the name and the new value', () => {
    const { result } = renderHook(() => useZodForm(Body, { name: '', code: '' }));
    act(() => result.current.field('name').onChange(typing('Ana')));
    expect(result.current.field('name')).toMatchObject({ name: 'name', value: 'Ana' });
    expect(result.current.values).toEqual({ name: 'Ana', code: '' });
  });

  it('when the schema finds problems, then nothing is sent, the first problem is the error and each field keeps its first', () => {
    const send = vi.fn();
    const { result } = renderHook(() => useZodForm(Body, { name: ' ', code: '12' }));
    const event = submitEvent();
    act(() => result.current.handleSubmit(send)(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    expect(result.current.error).toBe('Enter a name');
    expect(result.current.problems).toEqual({ name: 'Enter a name', code: 'The code has 4 characters' });
  });

  it('when the form passes, then the error clears and send gets the parsed body and the values', () => {
    const send = vi.fn();
    const { result } = renderHook(() => useZodForm(Body, { name: '', code: '1234' }));
    act(() => result.current.handleSubmit(send)(submitEvent()));
    expect(result.current.error).toBe('Enter a name');
    act(() => result.current.set('name', ' Ana '));
    act(() => result.current.handleSubmit(send)(submitEvent()));
    expect(send).toHaveBeenCalledWith({ name: 'Ana', code: '1234' }, { name: ' Ana ', code: '1234' });
    expect(result.current.error).toBeNull();
    expect(result.current.problems).toEqual({});
  });

  it('when busy, then a submit neither checks nor sends', () => {
    const send = vi.fn();
    const { result } = renderHook(() => useZodForm(Body, { name: '', code: '' }));
    act(() => result.current.handleSubmit(send, true)(submitEvent()));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.error).toBeNull();
  });

  it('when given a check function, then its issues name the fields and its data is sent', () => {
    const check: FormCheck<{ amount: string }, number> = ({ amount }) =>
      Number.isNaN(Number(amount)) ? { issues: [{ field: 'amount', message: 'Not a number' }] } : { data: Number(amount) };
    const send = vi.fn();
    const { result } = renderHook(() => useZodForm(check, { amount: 'x' }));
    act(() => result.current.handleSubmit(send)(submitEvent()));
    expect(result.current.problems).toEqual({ amount: 'Not a number' });
    act(() => result.current.set('amount', '5'));
    act(() => result.current.handleSubmit(send)(submitEvent()));
    expect(send).toHaveBeenCalledWith(5, { amount: '5' });
  });

  it('when hideErrorAfter is set, then an error hides after that wait, counted again from each new error', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useZodForm(Body, { name: '', code: '' }, { hideErrorAfter: 1000 }));
    act(() => result.current.setError('Failed'));
    act(() => vi.advanceTimersByTime(600));
    act(() => result.current.setError('Failed'));
    act(() => vi.advanceTimersByTime(600));
    expect(result.current.error).toBe('Failed');
    act(() => vi.advanceTimersByTime(400));
    expect(result.current.error).toBeNull();
  });

  it('when reset, then the first values come back and nothing is shown', () => {
    const { result } = renderHook(() => useZodForm(Body, () => ({ name: 'first', code: '' })));
    act(() => result.current.set('name', 'changed'));
    act(() => result.current.handleSubmit(vi.fn())(submitEvent()));
    act(() => result.current.reset());
    expect(result.current.values).toEqual({ name: 'first', code: '' });
    expect(result.current.error).toBeNull();
    expect(result.current.problems).toEqual({});
  });
});
