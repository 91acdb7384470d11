import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Button, notify } from '@shop/shared';
import { IMAGE_NAME } from '../productDraft';
import styles from './ProductTabs.module.css';

export interface ImagesTabProps {
  images: Array<{ key: string; src: string }>;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** Issue 19: puts the image at `from` at `to` (the first is the main photo); by drag and drop or the arrow buttons. Absent: no reordering (the add modal). */
  onMove?: (from: number, to: number) => void;
  error?: string;
  busy?: boolean;
}

/** Images by drop, click or camera capture, several at once; only .jpg, .png, .jpeg and .gif are taken. */
export function ImagesTab({ images, onAdd, onRemove, onMove, error, busy }: ImagesTabProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  // The image being dragged to another place (its index), and the place it is over.
  const [moving, setMoving] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const endMove = () => {
    setMoving(null);
    setOver(null);
  };

  const take = (list: FileList | File[] | null) => {
    const files = Array.from(list ?? []);
    const accepted = files.filter((f) => IMAGE_NAME.test(f.name));
    if (accepted.length < files.length) notify.error('Only .jpg, .png, .jpeg and .gif images can be added.');
    if (accepted.length) onAdd(accepted);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <div>
      <label
        htmlFor={inputId}
        className={`${styles.dropzone} ${dragging ? styles.dragging : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <span className={styles.dropTitle}>Drop images here, or click to choose</span>
        <span className={styles.dropHint}>.jpg, .jpeg, .png or .gif — several at once</span>
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
        aria-label="Upload images"
        disabled={busy}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      <CameraCapture onCapture={(file) => onAdd([file])} />
      {error && <p className={styles.error} role="alert">{error}</p>}
      {onMove && images.length > 1 && (
        <p className={styles.orderHint}>The first image is the main photo. Drag an image to another place, or move it with its arrows.</p>
      )}
      <ul className={styles.images} aria-label="Product images">
        {images.map((image, index) => (
          <li
            key={image.key}
            className={[styles.image, moving === index && styles.moving, over === index && moving !== index && styles.dropTarget].filter(Boolean).join(' ')}
            draggable={Boolean(onMove) && !busy}
            onDragStart={(e) => {
              if (!onMove) return;
              setMoving(index);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(index));
            }}
            onDragOver={(e) => {
              if (moving === null) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDrop={(e) => {
              if (moving === null) return;
              e.preventDefault();
              e.stopPropagation();
              if (moving !== index) onMove?.(moving, index);
              endMove();
            }}
            onDragEnd={endMove}
          >
            <img src={image.src} alt={`Product view ${index + 1}`} draggable={false} />
            {onMove && index === 0 && images.length > 1 && <span className={styles.mainPhoto}>Main photo</span>}
            <button type="button" className={styles.removeImage} onClick={() => onRemove(index)} disabled={busy} aria-label={`Remove image ${index + 1}`}>×</button>
            {onMove && images.length > 1 && (
              <div className={styles.moveImage}>
                <button type="button" onClick={() => onMove(index, index - 1)} disabled={busy || index === 0} aria-label={`Move image ${index + 1} earlier`}>←</button>
                <button type="button" onClick={() => onMove(index, index + 1)} disabled={busy || index === images.length - 1} aria-label={`Move image ${index + 1} later`}>→</button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** getUserMedia -> video -> canvas -> capture-<time>.png. A camera error is only logged (SPEC §8). */
function CameraCapture({ onCapture }: { onCapture: (file: File) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);

  useEffect(
    () => () => {
      for (const t of stream?.getTracks() ?? []) t.stop();
    },
    [stream],
  );
  useEffect(() => {
    if (stream && videoRef.current) {
      videoRef.current.srcObject = stream;
      void videoRef.current.play?.()?.catch?.(() => undefined);
    }
  }, [stream]);

  const open = async () => {
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API in this browser');
      setStream(await navigator.mediaDevices.getUserMedia({ video: true }));
    } catch (error) {
      console.error('Camera error', error);
    }
  };
  const close = () => {
    for (const t of stream?.getTracks() ?? []) t.stop();
    setStream(null);
  };
  const capture = () => {
    const video = videoRef.current;
    if (!video) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 640;
    canvas.height = video.videoHeight || 480;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => {
      if (blob) onCapture(new File([blob], `capture-${Date.now()}.png`, { type: 'image/png' }));
    }, 'image/png');
  };

  if (!stream) {
    return (
      <div className={styles.cameraBar}>
        <Button variant="secondary" size="small" onClick={open}>Use camera</Button>
      </div>
    );
  }
  return (
    <div className={styles.camera}>
      <video ref={videoRef} autoPlay playsInline muted aria-label="Camera preview" />
      <div className={styles.cameraBar}>
        <Button size="small" onClick={capture}>Capture</Button>
        <Button size="small" variant="secondary" onClick={close}>Close camera</Button>
      </div>
    </div>
  );
}
