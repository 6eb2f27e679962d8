import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageQuery } from '../api/driver-api.ts';
import { photoStore } from '../model/driver-photos.ts';
import classes from './driver.module.css';

/** An object URL for a blob, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** A photo kept on this device (the draft's photo store), by its key. */
export function LocalPhoto({ photoKey, alt, large = false }: { photoKey: string; alt: string; large?: boolean }) {
  const [blob, setBlob] = useState<Blob | null>(null);
  useEffect(() => {
    let live = true;
    void photoStore.get(photoKey).then((b) => {
      if (live) setBlob(b ?? null);
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [photoKey]);
  const url = useObjectUrl(blob);
  if (!url) return <div className={large ? classes.preview : classes.thumb} aria-hidden />;
  return <img src={url} alt={alt} className={large ? classes.preview : classes.thumb} />;
}

/** An upload on the server (GET image?id with the session's header). */
export function ServerPhoto({ id, alt }: { id: number; alt: string }) {
  const { t } = useTranslation();
  const query = useQuery(imageQuery(id));
  const url = useObjectUrl(query.data);
  if (query.isPending) return <Loader size="sm" aria-label={t('checklist.unit.photoLoading')} />;
  if (!url) return <Text size="sm">{t('checklist.unit.photoMissing')}</Text>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} className={classes.thumb} />
    </a>
  );
}
