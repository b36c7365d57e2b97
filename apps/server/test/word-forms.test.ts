/**
 * Word forms in search (issue 25), through the API on both paths (the in-memory index and the
 * database alone): a word meets its other forms by their stem, the form typed ranks above another
 * form, a word found by its stem is never "corrected", and the terms to highlight are the whole
 * words that matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, createTestApp, newUser, type TestApp } from './helpers';

interface Listed {
  services: { serviceName: string }[];
  query: { corrected: string | null; terms: string[] } | null;
}

describe.each(['on', 'off'] as const)('word forms, search index %s', (searchIndex) => {
  let t: TestApp;
  const search = async (text: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/services?sort=best&search=${encodeURIComponent(text)}` })
    ).json() as Listed;
  const names = async (text: string) => (await search(text)).services.map((s) => s.serviceName);

  beforeAll(async () => {
    t = await createTestApp({ SEARCH_INDEX: searchIndex });
    const provider = await newUser(t.app, { displayName: 'Karim' });
    for (const serviceName of [
      'Quokka projector mounted on the wall',
      'Quokka projector mounting service',
      'কোয়োকা ফোনের কাজ',
      'কোয়োকা ফোন সারাই',
      'Quokka freezer gas',
    ])
      await createService(t.app, provider, { serviceName, serviceDescription: 'Repairs done the same day.' });
  }, 120_000);
  afterAll(() => t?.close());

  it('finds every form of a word, the form typed first', async () => {
    expect(await names('quokka mounted')).toEqual([
      'Quokka projector mounted on the wall',
      'Quokka projector mounting service',
    ]);
    expect(await names('quokka mounting')).toEqual([
      'Quokka projector mounting service',
      'Quokka projector mounted on the wall',
    ]);
    expect(await names('quokka mount')).toHaveLength(2);
    expect(await names('কোয়োকা ফোনের')).toEqual(['কোয়োকা ফোনের কাজ', 'কোয়োকা ফোন সারাই']);
    expect(await names('কোয়োকা ফোন')).toEqual(['কোয়োকা ফোন সারাই', 'কোয়োকা ফোনের কাজ']);
    expect(await names('কোয়োকা ফোনটা')).toHaveLength(2);
  });

  it('never "corrects" a word found by its stem, and names the whole words that matched', async () => {
    const mounted = await search('mounted quokka');
    expect(mounted.query).toMatchObject({ corrected: null });
    expect(mounted.query!.terms).toEqual(expect.arrayContaining(['mounted', 'mounting', 'quokka']));
    const bangla = await search('কোয়োকা ফোনগুলো');
    expect(bangla.query).toMatchObject({ corrected: null });
    expect(bangla.query!.terms).toEqual(expect.arrayContaining(['ফোনের', 'ফোন']));
    expect(bangla.services).toHaveLength(2);
  });

  it('keeps a look-alike apart: ফ্রিজের is a form of ফ্রিজ, not of ফ্রিজার', async () => {
    const fridge = await search('quokka ফ্রিজের');
    expect(fridge.query).toMatchObject({ corrected: null });
    expect(fridge.query!.terms).not.toContain('ফ্রিজার');
    expect(fridge.query!.terms).not.toContain('freezer');
    expect(fridge.services).toEqual([]);
  });
});
