import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, type PhotoStore } from './store';

/** Where an S3-compatible store is, read from STORAGE_URL (`s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=&tls=`). */
export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function parseStorageUrl(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:') throw new Error('STORAGE_URL must start with s3://');
  const [bucket, ...prefix] = parsed.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('STORAGE_URL must name a bucket: s3://KEY:SECRET@host/bucket');
  const tls = parsed.searchParams.get('tls') !== 'false';
  return {
    endpoint: `${tls ? 'https' : 'http'}://${parsed.host}`,
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    bucket,
    prefix: prefix.length ? `${prefix.join('/')}/` : '',
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password),
  };
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Photos in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, ...), through AWS's own
 * client, path-style addressing so any compatible server works. The files carry their type and
 * immutable Cache-Control, so a CDN in front of the bucket may serve them directly.
 */
export function s3Store(location: S3Location): PhotoStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
  });
  const Bucket = location.bucket;
  const Key = (key: string) => {
    assertKey(key);
    return location.prefix + key;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
