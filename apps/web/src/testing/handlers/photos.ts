import { http, HttpResponse } from 'msw';
import { apiState } from '../api-state';
import { makePhoto } from '../fixtures';

/**
 * /api/photos: an upload (one file, any field name) answers 201 with a new photo, kept in
 * `apiState.photos` for a booking or a message to take by id; a delete removes it. Tests of the
 * failures (413, 415, 400) answer themselves.
 */
export const photoHandlers = [
  http.post('/api/photos', () => {
    if (!apiState.user) return HttpResponse.json({ error: 'Authentication required' }, { status: 401 });
    const photo = makePhoto();
    apiState.photos.push(photo);
    return HttpResponse.json(photo, { status: 201 });
  }),
  http.delete('/api/photos/:id', ({ params }) => {
    const id = String(params.id);
    apiState.photos = apiState.photos.filter((p) => p.id !== id);
    return HttpResponse.json({ message: 'Photo deleted.', _id: id });
  }),
];

/** The uploaded photos of these ids, in their order (a booking or a message shows them). */
export const photosOf = (ids: readonly string[] | undefined) =>
  (ids ?? []).flatMap((id) => apiState.photos.filter((p) => p.id === id));
