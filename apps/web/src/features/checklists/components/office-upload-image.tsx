import { Image, Modal, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImageQuery } from '../api/office-checklists-api.ts';
import classes from './office-vcl-viewer.module.css';

/** An object URL for an upload's bytes while mounted (revoked after). */
function useUploadUrl(id: number): { url: string | null; failed: boolean } {
  const query = useQuery(uploadImageQuery(id));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return { url, failed: query.isError };
}

interface UploadImageProps {
  id: number;
  alt: string;
  /** The thumbnail's box; the image keeps its proportions inside. */
  width: number;
  height: number;
  /** The larger view's title; without it the image does not open larger. */
  zoomTitle?: string;
  testId?: string;
}

/** An uploaded photo or signature (GET image?id with the session), opening larger in a modal when clicked. */
export function UploadImage({ id, alt, width, height, zoomTitle, testId }: UploadImageProps) {
  const { t } = useTranslation();
  const { url, failed } = useUploadUrl(id);
  const [zoomed, setZoomed] = useState(false);
  if (failed) {
    return (
      <Text size="sm" c="red.8" role="status">
        {t('vclOffice.viewer.imageFailed')}
      </Text>
    );
  }
  if (!url) return <Skeleton width={width} height={height} aria-label={t('vclOffice.viewer.imageLoading')} />;
  const img = <Image src={url} alt={alt} w={width} h={height} fit="contain" className={classes.thumb} data-testid={testId} />;
  if (!zoomTitle) return img;
  return (
    <>
      <UnstyledButton onClick={() => setZoomed(true)} className={classes.zoom} aria-label={t('vclOffice.viewer.zoom', { what: alt })}>
        {img}
      </UnstyledButton>
      <Modal opened={zoomed} onClose={() => setZoomed(false)} title={zoomTitle} size="xl" centered
        closeButtonProps={{ 'aria-label': t('vclOffice.viewer.closeZoom') }}>
        <Image src={url} alt={alt} fit="contain" mah="75vh" data-testid="vcl-zoomed" />
      </Modal>
    </>
  );
}
