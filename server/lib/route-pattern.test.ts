import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { routePattern } from './route-pattern';

const request = (fields: { method?: string; baseUrl?: string; route?: { path: unknown }; originalUrl: string }) =>
  ({ method: 'GET', baseUrl: '', ...fields }) as unknown as Request;

describe('routePattern', () => {
  it('when a route matched, then the label is its pattern under its mount path, never the URL', () => {
    expect(
      routePattern(
        request({ baseUrl: '/api', route: { path: '/purchase-requests/:id/status' }, originalUrl: '/api/purchase-requests/12/status' }),
      ),
    ).toBe('/api/purchase-requests/:id/status');
  });

  it('when a mount path holds an id or a token, then that segment becomes :id', () => {
    expect(routePattern(request({ baseUrl: '/api/users/12345', route: { path: '/x' }, originalUrl: '/api/users/12345/x' }))).toBe(
      '/api/users/:id/x',
    );
    expect(
      routePattern(
        request({
          baseUrl: '/a/0f8fad5b-d9cb-469f-a165-70867728950e',
          route: { path: '/' },
          originalUrl: '/a/0f8fad5b-d9cb-469f-a165-70867728950e/',
        }),
      ),
    ).toBe('/a/:id/');
  });

  it('when no route matched, then the label is static (a page or file of the app) or unmatched, so made-up URLs add no label', () => {
    expect(routePattern(request({ originalUrl: '/my-activity?tab=buy' }))).toBe('static');
    expect(routePattern(request({ originalUrl: '/api/nothing/here/123' }))).toBe('unmatched');
    expect(routePattern(request({ method: 'POST', originalUrl: '/whatever' }))).toBe('unmatched');
  });
});
