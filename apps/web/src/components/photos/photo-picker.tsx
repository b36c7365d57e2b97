import {
  AlertCircle,
  Camera,
  ChevronLeft,
  ChevronRight,
  GripVertical,
  ImagePlus,
  RotateCcw,
  Trash2,
  X,
} from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type ReactNode,
} from 'react';
import { en, localizeMessage, PHOTO_MAX_BYTES, type Photo } from '@meramot/shared';
import { ApiError, errorKind } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useTranslation, type Language, type TFunction } from '@/lib/i18n';
import { deletePhoto, isAbort, uploadPhoto } from '@/lib/photos/upload-photo';
import { PhotoImage } from './photo-image';
import { useDragReorder } from './use-drag-reorder';

/** The kinds of photo the server reads (HEIC is refused with how to send it instead). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
/** Uploads at a time; the others wait their turn. */
const CONCURRENT_UPLOADS = 3;

export interface PhotoPickerProps {
  /** The photos chosen, in order. */
  value: Photo[];
  onChange(photos: Photo[]): void;
  /** How many photos it takes at most (uploads in progress count). */
  max: number;
  /** The group's name, e.g. "Service photos". */
  label: ReactNode;
  /** A hint under the label (what to photograph; the kinds and size are said by the picker). */
  hint?: ReactNode;
  /** The form's error about the photos (e.g. none chosen), announced. */
  error?: string;
  /** The "Add photos" button's id: a form moves the focus there when the photos have an error. */
  id?: string;
  /** On a touch device, a "Take a photo" button opens the camera. */
  allowCamera?: boolean;
  /** Which camera: the back one (a device, a problem) or the front one (a profile photo). */
  camera?: 'environment' | 'user';
  /** The first photo is labelled "Cover" (a service's). */
  cover?: boolean;
  /** Small thumbnails without reordering (a message's photos). */
  compact?: boolean;
  disabled?: boolean;
  /** Told when uploads start (true) and when none is left in progress (false). */
  onBusyChange?(busy: boolean): void;
}

/** A file being uploaded, or that failed. */
interface Job {
  key: string;
  file: File;
  name: string;
  /** An object URL of the file, shown while it uploads (null where the browser has none). */
  preview: string | null;
  status: 'waiting' | 'uploading' | 'processing' | 'error';
  /** 0 to 1. */
  progress: number;
  error: string | null;
  /** A file refused before sending (too large, not a photo) is not tried again. */
  retryable: boolean;
  controller: AbortController | null;
}
type JobView = Omit<Job, 'controller' | 'file'>;

const isActive = (job: { status: Job['status'] }) => job.status !== 'error';

/** Why a file is refused before it is sent (the server's own sentences, in the language in use). */
function fileProblem(file: File, language: Language): string | null {
  const say = (text: string) => localizeMessage(text, language);
  if (/^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name)) return say(en.photoHeic);
  if (file.type && !file.type.startsWith('image/')) return say(en.photoType);
  if (file.size > PHOTO_MAX_BYTES) return say(en.photoTooLarge);
  return null;
}

/** The sentence shown for a failed upload: the server's when it says what is wrong, ours otherwise. */
function uploadError(error: unknown, t: TFunction): string {
  const kind = errorKind(error);
  if (kind === 'network') return t('picker.errors.network');
  if (kind === 'auth') return t('picker.errors.auth');
  if (error instanceof ApiError && ['validation', 'rate-limit', 'conflict', 'forbidden'].includes(kind)) {
    return error.message;
  }
  return t('picker.errors.failed');
}

const coarsePointer = () => window.matchMedia?.('(pointer: coarse)').matches ?? false;
function subscribePointer(onChange: () => void) {
  const query = window.matchMedia?.('(pointer: coarse)');
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** Where the focus goes after the list changed (the control it was on may have moved or gone). */
type FocusTarget = { photo: string; control: 'earlier' | 'later' | 'remove' } | 'add';

/**
 * Uploading photos (issue 23): "Add photos" from the gallery and, on a phone, "Take a photo" with
 * the camera. Each file uploads on its own (three at a time) with its progress bar and Cancel;
 * a refused or failed one shows the server's sentence with Try again and Dismiss. The photos
 * show as thumbnails with Remove, reordered by dragging (the mouse anywhere on a photo, touch by
 * its handle) or with the Move earlier / Move later buttons; with `cover`, the first is the cover.
 * Changes are announced to screen readers. A removed photo uploaded here (taken by nothing yet)
 * is deleted from the server; one the form loaded is only left out of the list.
 */
export function PhotoPicker({
  value,
  onChange,
  max,
  label,
  hint,
  error,
  id,
  allowCamera = false,
  camera = 'environment',
  cover = false,
  compact = false,
  disabled = false,
  onBusyChange,
}: PhotoPickerProps) {
  const { t, language } = useTranslation('photos');
  const baseId = useId();
  const addId = id ?? `${baseId}-add`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const root = useRef<HTMLFieldSetElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const touch = useSyncExternalStore(subscribePointer, coarsePointer, () => false);

  // The uploads live in a ref (their callbacks change them), shown through `jobs`.
  const jobsRef = useRef(new Map<string, Job>());
  const [jobs, setJobs] = useState<JobView[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The latest list and callbacks, for uploads that end after a render.
  const latest = useRef(value);
  const changeRef = useRef(onChange);
  const busyRef = useRef({ busy: false, onBusyChange });
  const uploadedHere = useRef(new Set<string>());
  const focusAfter = useRef<FocusTarget | null>(null);
  const jobSeq = useRef(0);
  const tRef = useRef(t);
  useLayoutEffect(() => {
    latest.current = value;
    changeRef.current = onChange;
    busyRef.current.onBusyChange = onBusyChange;
    tRef.current = t;
  });

  // Leaving the page cancels what is still uploading.
  useEffect(() => {
    const all = jobsRef.current;
    return () => {
      for (const job of all.values()) {
        job.controller?.abort();
        if (job.preview) URL.revokeObjectURL(job.preview);
      }
      all.clear();
    };
  }, []);

  // After the list changed, the focus goes to the control it was meant for.
  useLayoutEffect(() => {
    const target = focusAfter.current;
    if (!target || !root.current) return;
    focusAfter.current = null;
    const add = root.current.querySelector<HTMLElement>(`[id="${addId}"]`);
    if (target === 'add') return void add?.focus();
    const tile = root.current.querySelector(`[data-photo-id="${target.photo}"]`);
    const order = [target.control, 'later', 'earlier', 'remove'];
    const button = order
      .map((control) => tile?.querySelector<HTMLButtonElement>(`[data-control="${control}"]:not(:disabled)`))
      .find(Boolean);
    (button ?? add)?.focus();
  });

  const sync = () => {
    const all = [...jobsRef.current.values()];
    setJobs(all.map(({ controller: _controller, file: _file, ...view }) => ({ ...view })));
    const busy = all.some(isActive);
    if (busy !== busyRef.current.busy) {
      busyRef.current.busy = busy;
      busyRef.current.onBusyChange?.(busy);
    }
  };

  const say = (text: string) => setAnnouncement(text);

  const add = (photo: Photo) => {
    if (latest.current.length >= max) {
      // The form was filled meanwhile (it set its photos itself): this one is not needed.
      void deletePhoto(photo.id).catch(() => undefined);
      return;
    }
    uploadedHere.current.add(photo.id);
    const next = [...latest.current, photo];
    latest.current = next;
    changeRef.current(next);
  };

  const finish = (job: Job) => {
    jobsRef.current.delete(job.key);
    if (job.preview) URL.revokeObjectURL(job.preview);
  };

  const start = (job: Job) => {
    const controller = new AbortController();
    Object.assign(job, { status: 'uploading', progress: 0, error: null, controller });
    uploadPhoto(job.file, {
      signal: controller.signal,
      onProgress: (loaded, total) => {
        job.progress = total > 0 ? Math.min(1, loaded / total) : 0;
        // Every byte sent: the server is making its sizes.
        if (job.progress >= 1) job.status = 'processing';
        sync();
      },
    })
      .then((photo) => {
        if (jobsRef.current.get(job.key) !== job || job.controller !== controller) return;
        finish(job);
        add(photo);
        say(tRef.current('picker.uploaded', { name: job.name }));
      })
      .catch((e: unknown) => {
        if (isAbort(e) || jobsRef.current.get(job.key) !== job) return;
        Object.assign(job, { status: 'error', error: uploadError(e, tRef.current), controller: null });
      })
      .finally(() => {
        pump();
        sync();
      });
  };

  /** Starts the waiting uploads while fewer than CONCURRENT_UPLOADS are sending. */
  const pump = () => {
    const all = [...jobsRef.current.values()];
    let sending = all.filter((j) => j.status === 'uploading' || j.status === 'processing').length;
    for (const job of all) {
      if (sending >= CONCURRENT_UPLOADS) break;
      if (job.status === 'waiting') {
        start(job);
        sending += 1;
      }
    }
  };

  const activeCount = jobs.filter(isActive).length;
  const free = max - value.length - activeCount;
  const full = free <= 0;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Emptied, so that choosing the same file again is a change too.
    event.target.value = '';
    if (!files.length || disabled) return;
    let slots = max - latest.current.length - [...jobsRef.current.values()].filter(isActive).length;
    let skipped = 0;
    for (const file of files) {
      const problem = fileProblem(file, language);
      if (!problem && slots <= 0) {
        skipped += 1;
        continue;
      }
      if (!problem) slots -= 1;
      jobSeq.current += 1;
      const job: Job = {
        key: `upload-${jobSeq.current}`,
        file,
        name: file.name || t('picker.unnamed'),
        preview: !problem && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
        status: problem ? 'error' : 'waiting',
        progress: 0,
        error: problem,
        retryable: !problem,
        controller: null,
      };
      jobsRef.current.set(job.key, job);
    }
    setNotice(skipped ? t('picker.tooMany', { count: skipped, max }) : null);
    pump();
    sync();
  };

  const cancel = (key: string) => {
    const job = jobsRef.current.get(key);
    if (!job) return;
    job.controller?.abort();
    finish(job);
    focusAfter.current = 'add';
    say(t('picker.cancelled', { name: job.name }));
    pump();
    sync();
  };

  const retry = (key: string) => {
    const job = jobsRef.current.get(key);
    if (!job) return;
    if (free <= 0) return setNotice(t(max === 1 ? 'picker.fullOne' : 'picker.full', { max }));
    Object.assign(job, { status: 'waiting', error: null, progress: 0 });
    if (!job.preview && typeof URL.createObjectURL === 'function') job.preview = URL.createObjectURL(job.file);
    pump();
    sync();
  };

  const dismiss = (key: string) => {
    const job = jobsRef.current.get(key);
    if (!job) return;
    finish(job);
    focusAfter.current = 'add';
    sync();
  };

  const remove = (index: number) => {
    const photo = value[index];
    if (!photo) return;
    const next = value.filter((_, i) => i !== index);
    latest.current = next;
    onChange(next);
    if (uploadedHere.current.delete(photo.id)) void deletePhoto(photo.id).catch(() => undefined);
    const neighbour = next[index] ?? next[index - 1];
    focusAfter.current = neighbour ? { photo: neighbour.id, control: 'remove' } : 'add';
    setNotice(null);
    say(t('picker.removed', { n: index + 1 }));
  };

  const move = (from: number, to: number, control?: 'earlier' | 'later') => {
    const photo = value[from];
    if (!photo || to < 0 || to >= value.length || to === from) return;
    const next = [...value];
    next.splice(from, 1);
    next.splice(to, 0, photo);
    latest.current = next;
    onChange(next);
    if (control) focusAfter.current = { photo: photo.id, control };
    say(
      cover && to === 0
        ? t('picker.movedCover', { n: to + 1, total: next.length })
        : t('picker.moved', { n: to + 1, total: next.length }),
    );
  };

  const reorderable = !compact && max > 1 && !disabled;
  const drag = useDragReorder(reorderable ? value.length : 0, (from, to) => move(from, to));

  const choose = (input: HTMLInputElement | null) => {
    if (disabled) return;
    if (full) return setNotice(t(max === 1 ? 'picker.fullOne' : 'picker.full', { max }));
    input?.click();
  };

  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const button = compact ? 'btn btn-sm btn-ghost' : 'btn btn-sm btn-outline';
  const icon = 'size-4 shrink-0';
  // Compact: small thumbnails in a row; else a grid of two to four columns as the width allows.
  const grid = compact
    ? 'flex flex-wrap items-start gap-2'
    : 'grid grid-cols-2 items-start gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4';
  const tileSize = compact ? 'w-20' : '';
  const kinds = 'JPEG, PNG, WebP, AVIF';
  const megabytes = PHOTO_MAX_BYTES / (1024 * 1024);

  return (
    <fieldset ref={root} className="fieldset min-w-0 gap-2 py-1" disabled={disabled} aria-describedby={describedBy}>
      {/* Compact (beside a message box): the name and the rules are read, not shown. */}
      <legend className={compact ? 'sr-only' : 'fieldset-legend pt-0 pb-1 text-sm'}>{label}</legend>
      <div id={hintId} className={compact ? 'sr-only' : 'text-xs text-base-content/70'}>
        {hint && <p>{hint}</p>}
        <p>
          {max === 1
            ? t('picker.rulesOne', { kinds, size: megabytes })
            : t('picker.rules', { kinds, size: megabytes, max })}
        </p>
      </div>
      {(value.length > 0 || jobs.length > 0) && (
        <ul className={grid} aria-label={t('picker.listLabel')}>
          {value.map((photo, i) => {
            const dragged = drag.state?.from === i;
            const target = drag.state && drag.state.to === i && !dragged;
            const props = reorderable ? drag.itemProps(i) : {};
            return (
              <li
                key={photo.id}
                data-photo-id={photo.id}
                {...props}
                className={`relative flex min-w-0 flex-col gap-1 rounded-box border bg-base-100 p-1 ${tileSize} ${
                  target ? 'border-primary ring-2 ring-primary' : 'border-base-300'
                } ${dragged ? 'z-10 cursor-grabbing opacity-90 shadow-lg' : ''} ${reorderable ? 'select-none' : ''}`}
                style={dragged ? { transform: `translate(${drag.state!.dx}px, ${drag.state!.dy}px)` } : undefined}
              >
                <div
                  className={`relative aspect-square overflow-hidden rounded-field bg-base-200 ${
                    reorderable && value.length > 1 ? 'cursor-grab' : ''
                  }`}
                >
                  <PhotoImage
                    photo={photo}
                    alt={cover && i === 0 ? t('picker.coverAlt', { n: i + 1 }) : t('picker.photoAlt', { n: i + 1 })}
                    sizes={compact ? '96px' : '(min-width: 640px) 180px, 50vw'}
                    className="h-full w-full"
                  />
                  {cover && i === 0 && (
                    <span className="badge absolute top-1 left-1 badge-sm badge-primary" aria-hidden="true">
                      {t('picker.cover')}
                    </span>
                  )}
                  {reorderable && value.length > 1 && (
                    <span
                      data-drag-handle
                      aria-hidden="true"
                      title={t('picker.dragHint')}
                      className="absolute top-1 right-1 cursor-grab touch-none rounded-field bg-base-100/90 p-1.5 text-base-content shadow-sm"
                    >
                      <GripVertical className={icon} />
                    </span>
                  )}
                  {compact && (
                    <button
                      type="button"
                      data-control="remove"
                      className="btn absolute top-0.5 right-0.5 btn-circle border-base-300 bg-base-100/90 btn-xs"
                      onClick={() => remove(i)}
                      aria-label={t('picker.removePhoto', { n: i + 1 })}
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  )}
                </div>
                {!compact && (
                  <div className="flex items-center justify-between gap-1">
                    {reorderable && value.length > 1 && (
                      <span className="flex gap-1">
                        <button
                          type="button"
                          data-control="earlier"
                          className="btn btn-square btn-ghost btn-sm"
                          disabled={i === 0}
                          onClick={() => move(i, i - 1, 'earlier')}
                          aria-label={t('picker.moveEarlier', { n: i + 1 })}
                          title={t('picker.moveEarlierShort')}
                        >
                          <ChevronLeft className={icon} aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          data-control="later"
                          className="btn btn-square btn-ghost btn-sm"
                          disabled={i === value.length - 1}
                          onClick={() => move(i, i + 1, 'later')}
                          aria-label={t('picker.moveLater', { n: i + 1 })}
                          title={t('picker.moveLaterShort')}
                        >
                          <ChevronRight className={icon} aria-hidden="true" />
                        </button>
                      </span>
                    )}
                    <button
                      type="button"
                      data-control="remove"
                      className="btn ml-auto btn-square btn-ghost btn-sm text-red-700 dark:text-red-300"
                      onClick={() => remove(i)}
                      aria-label={t('picker.removePhoto', { n: i + 1 })}
                      title={t('picker.remove')}
                    >
                      <Trash2 className={icon} aria-hidden="true" />
                    </button>
                  </div>
                )}
              </li>
            );
          })}
          {jobs.map((job) =>
            job.status === 'error' ? (
              <li
                key={job.key}
                className="col-span-full flex w-full min-w-0 items-start gap-2 rounded-box border border-error/60 bg-error/5 p-2"
              >
                <AlertCircle className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium break-words [overflow-wrap:anywhere]">{job.name}</p>
                  <p role="alert" className="text-sm break-words text-red-700 dark:text-red-300">
                    {job.error}
                  </p>
                  <div className="mt-1 flex flex-wrap gap-2">
                    {job.retryable && (
                      <button
                        type="button"
                        className="btn btn-xs btn-outline"
                        onClick={() => retry(job.key)}
                        aria-label={t('picker.retryUpload', { name: job.name })}
                      >
                        <RotateCcw className="size-3.5" aria-hidden="true" />
                        {t('picker.retry')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      onClick={() => dismiss(job.key)}
                      aria-label={t('picker.dismissError', { name: job.name })}
                    >
                      {t('picker.dismiss')}
                    </button>
                  </div>
                </div>
              </li>
            ) : (
              <li
                key={job.key}
                className={`flex min-w-0 flex-col gap-1 rounded-box border border-base-300 p-1 ${tileSize}`}
              >
                <div className="relative aspect-square overflow-hidden rounded-field bg-base-200">
                  {job.preview && (
                    <img
                      src={job.preview}
                      alt=""
                      className="h-full w-full object-cover opacity-60"
                      draggable={false}
                      // A file the browser cannot show (it may still be a photo the server reads): no broken icon.
                      onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
                    />
                  )}
                  {compact && (
                    <button
                      type="button"
                      className="btn absolute top-0.5 right-0.5 btn-circle border-base-300 bg-base-100/90 btn-xs"
                      onClick={() => cancel(job.key)}
                      aria-label={t('picker.cancelUpload', { name: job.name })}
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  )}
                </div>
                <progress
                  className="progress w-full progress-primary"
                  max={100}
                  value={job.status === 'waiting' ? undefined : Math.round(job.progress * 100)}
                  aria-label={t('picker.uploading', { name: job.name })}
                />
                {!compact && (
                  <>
                    <p className="truncate text-xs" title={job.name}>
                      {job.name}
                    </p>
                    <p className="text-xs text-base-content/80" aria-hidden="true">
                      {job.status === 'waiting'
                        ? t('picker.waiting')
                        : job.status === 'processing'
                          ? t('picker.processing')
                          : t('picker.percent', { percent: formatCount(Math.round(job.progress * 100)) })}
                    </p>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      onClick={() => cancel(job.key)}
                      aria-label={t('picker.cancelUpload', { name: job.name })}
                    >
                      <X className="size-3.5" aria-hidden="true" />
                      {t('picker.cancel')}
                    </button>
                  </>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          id={addId}
          type="button"
          className={`${button} ${full ? 'opacity-60' : ''}`}
          aria-disabled={full || undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onClick={() => choose(galleryInput.current)}
        >
          <ImagePlus className={icon} aria-hidden="true" />
          {max === 1 ? t('picker.choosePhoto') : t('picker.addPhotos')}
        </button>
        {allowCamera && touch && (
          <button
            type="button"
            className={`${button} ${full ? 'opacity-60' : ''}`}
            aria-disabled={full || undefined}
            onClick={() => choose(cameraInput.current)}
          >
            <Camera className={icon} aria-hidden="true" />
            {t('picker.takePhoto')}
          </button>
        )}
        {max > 1 && (!compact || value.length > 0) && (
          <span className="text-xs text-base-content/80">{t('picker.count', { n: value.length, max })}</span>
        )}
      </div>
      <input
        ref={galleryInput}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple={max > 1}
        className="hidden"
        tabIndex={-1}
        aria-label={max === 1 ? t('picker.choosePhoto') : t('picker.addPhotos')}
        onChange={pick}
      />
      {allowCamera && (
        <input
          ref={cameraInput}
          type="file"
          accept={PHOTO_ACCEPT}
          capture={camera}
          className="hidden"
          tabIndex={-1}
          aria-label={t('picker.takePhoto')}
          onChange={pick}
        />
      )}
      {notice && (
        <p role="alert" className="text-sm text-base-content">
          {notice}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm whitespace-normal text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
