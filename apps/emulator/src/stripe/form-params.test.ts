// Stripe's form encoding (nested brackets, indexed and empty-bracket arrays) and the errors
// Params answers for unknown, missing and malformed parameters.
import { describe, expect, it } from 'vitest';
import { applyMetadata, parseForm, parseQuery, Params } from './form-params.ts';
import { StripeApiError } from './stripe-errors.ts';

const error = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof StripeApiError) return e.body().error;
    throw e;
  }
  throw new Error('no error');
};

describe('form parameters', () => {
  it('parses nested brackets, arrays and percent-encoding like the SDK sends them', () => {
    const parsed = parseForm(
      'line_items[0][price]=price_a&line_items[0][quantity]=2&line_items[1][price]=price_b' +
        '&metadata[user%20id]=a%26b&subscription_data[trial_end]=1700000000' +
        '&expand[0]=customer&expand[1]=line_items&items[0][id]=si_1&empty=',
    );
    expect(parsed).toEqual({
      line_items: [{ price: 'price_a', quantity: '2' }, { price: 'price_b' }],
      metadata: { 'user id': 'a&b' },
      subscription_data: { trial_end: '1700000000' },
      expand: ['customer', 'line_items'],
      items: [{ id: 'si_1' }],
      empty: '',
    });
    expect(parseForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
    expect(parseQuery('/v1/customers?limit=3&created[gte]=5')).toEqual({
      limit: '3',
      created: { gte: '5' },
    });
    expect(parseQuery('/v1/customers')).toEqual({});
    // No prototype pollution through bracket names.
    const polluted = parseForm('__proto__[admin]=1&constructor[prototype][x]=1');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(polluted)).toBeNull();
  });

  it('reads typed values and names nested params in errors', () => {
    const params = new Params(
      parseForm('limit=ten&flag=yes&data[trial_end]=&mode=bogus&items[0][x]=1&meta[k]=v'),
    );
    expect(error(() => params.int('limit'))).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'limit',
      message: 'Invalid integer: ten',
    });
    expect(error(() => params.bool('flag'))).toMatchObject({ message: 'Invalid boolean: yes' });
    expect(error(() => params.object('data')!.int('trial_end'))).toMatchObject({
      code: 'parameter_invalid_empty',
      param: 'data[trial_end]',
    });
    expect(error(() => params.oneOf('mode', ['payment', 'setup', 'subscription']))).toMatchObject({
      param: 'mode',
      message: 'Invalid mode: must be one of payment, setup, or subscription',
    });
    expect(error(() => params.list('items')![0]!.allow(['id']))).toMatchObject({
      code: 'parameter_unknown',
      param: 'items[0][x]',
    });
    expect(error(() => params.required('missing'))).toMatchObject({
      code: 'parameter_missing',
      message: 'Missing required param: missing.',
    });
    expect(params.metadata('meta')).toEqual({ k: 'v' });
    expect(
      error(() => new Params(parseForm(`m[${'k'.repeat(41)}]=v`)).metadata('m')),
    ).toMatchObject({ message: expect.stringMatching(/up to 40 characters/) });
  });

  it('applies metadata updates: empty values unset keys, an empty hash clears all', () => {
    expect(applyMetadata({ a: '1', b: '2' }, { a: '', c: '3' })).toEqual({ b: '2', c: '3' });
    expect(applyMetadata({ a: '1' }, null)).toEqual({});
    expect(applyMetadata({ a: '1' }, undefined)).toEqual({ a: '1' });
  });
});
