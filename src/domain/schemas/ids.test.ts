import { describe, expect, it } from 'vitest';
import { IdParam, isRecordId, MAX_ID, RecordId } from './common';
import { MessagesQuery } from './conversations';

// Ids are integer columns: PostgreSQL refuses 2^31 and above with an error, SQLite finds nothing (issue 45.8).
describe('ids in paths, queries and bodies', () => {
  it('when an id is from 1 to 2,147,483,647, then it passes as a number', () => {
    expect(IdParam.parse('1')).toBe(1);
    expect(IdParam.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(RecordId().parse(MAX_ID)).toBe(MAX_ID);
    expect(isRecordId(MAX_ID)).toBe(true);
  });

  it.each(['0', '-1', '2147483648', '9999999999', '99999999999999', '1.5', '1e3', '01', ' 1', 'abc', ''])(
    'when a path id is %j, then it is refused with the range',
    (value) => {
      const parsed = IdParam.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toBe('The id must be a whole number from 1 to 2,147,483,647');
    },
  );

  it.each([0, -1, 2 ** 31, 1.5, Number.MAX_SAFE_INTEGER])('when a body id is %d, then it is refused', (value) => {
    expect(RecordId('subjectId must be an id').safeParse(value).success).toBe(false);
    expect(isRecordId(value)).toBe(false);
  });

  it('when a thread page is asked for, then before is an id and limit is 1 to 200', () => {
    expect(MessagesQuery.parse({})).toEqual({});
    expect(MessagesQuery.parse({ before: '42', limit: '200' })).toEqual({ before: 42, limit: 200 });
    for (const limit of ['0', '201', '1.5', 'x']) expect(MessagesQuery.safeParse({ limit }).success).toBe(false);
    expect(MessagesQuery.safeParse({ before: '2147483648' }).success).toBe(false);
  });
});
