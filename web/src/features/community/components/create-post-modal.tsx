import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { TextArea } from '@/components/ui/text-area';
import { ApiError } from '@/lib/api-client';

import { useCreatePost } from '../api/community-actions';
import type { CommunityCategory } from '../api/types';
import { NO_IMAGE, postProblem } from '../posts';
import styles from './community.module.css';

export type PostMode = 'text' | 'photo';

interface CreatePostModalProps {
  mode: PostMode | null;
  categories: readonly CommunityCategory[];
  /** The chip chosen on the page: the post's category unless the member changes it here. */
  categoryId: string;
  onClose: () => void;
}

/**
 * SPEC §4 "post modal": opened by Photo or Text; closes on a successful post, a click on the
 * backdrop, or Cancel (which clears the text and the image). Closing any other way keeps what
 * the member wrote for the next opening.
 */
export function CreatePostModal({ mode, categories, categoryId, onClose }: CreatePostModalProps) {
  const [content, setContent] = useState('');
  const [category, setCategory] = useState(categoryId);
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The problem is the image's (none chosen, or the API refused it): said at the image field. */
  const [problemAtImage, setProblemAtImage] = useState(false);
  const create = useCreatePost();
  const ids = useId();
  const picker = useRef<HTMLInputElement>(null);

  // Each opening starts from the page's category and without the last opening's problem.
  useEffect(() => {
    setCategory(categoryId);
    setProblem(null);
  }, [categoryId, mode]);
  const preview = usePreview(image);
  const imageProblem = problemAtImage && mode === 'photo' ? problem : null;

  /** A change to what is being posted answers the last problem shown. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setProblem(null);
    };
  const pick = edit((file: File | null) => {
    setImage(file);
    if (file === null && picker.current !== null) {
      picker.current.value = '';
    }
  });
  const clear = () => {
    setContent('');
    pick(null);
  };
  const cancel = () => {
    clear();
    onClose();
  };

  const submit = () => {
    const found = postProblem({ content, categoryId: category, mode: mode ?? 'text', image });
    setProblem(found);
    setProblemAtImage(found === NO_IMAGE);
    if (found !== null) {
      return;
    }
    create.mutate(
      { content: content.trim(), categoryId: category, image: mode === 'photo' ? image : null },
      {
        onSuccess: () => {
          clear();
          onClose();
        },
        // The API's own words (an image it refuses: type, size, pixels), and nothing typed is lost.
        onError: (error) => {
          setProblem(error.message);
          setProblemAtImage(
            mode === 'photo' &&
              error instanceof ApiError &&
              error.code?.startsWith('UPLOAD.') === true,
          );
        },
      },
    );
  };

  return (
    <Modal open={mode !== null} onClose={onClose} title="Create post">
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Select
          label="Category"
          placeholder="Select a category"
          options={categories.map((item) => ({ value: item._id, label: item.title }))}
          value={category}
          onChange={(event) => edit(setCategory)(event.target.value)}
        />
        <TextArea
          label="What would you like to share?"
          rows={5}
          maxLength={5000}
          value={content}
          onChange={(event) => edit(setContent)(event.target.value)}
        />
        {mode === 'photo' && (
          <div className={styles.field}>
            <label htmlFor={`${ids}-image`} className={styles.label}>
              Image
            </label>
            <input
              ref={picker}
              id={`${ids}-image`}
              type="file"
              accept="image/*"
              className={styles.file}
              aria-invalid={imageProblem !== null}
              aria-describedby={imageProblem !== null ? `${ids}-image-problem` : undefined}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                // SPEC §5: images only, whatever the picker let through.
                pick(file !== null && file.type.startsWith('image/') ? file : null);
              }}
            />
            {imageProblem !== null && (
              <p id={`${ids}-image-problem`} role="alert" className={styles.problem}>
                {imageProblem}
              </p>
            )}
            {preview !== null && (
              <div className={styles.preview}>
                <img src={preview} alt="The chosen image" />
                <Button variant="ghost" onClick={() => pick(null)}>
                  Remove image
                </Button>
              </div>
            )}
          </div>
        )}
        {problem !== null && imageProblem === null && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending} busyText="Posting...">
            Post
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** An object URL for the chosen image, revoked when it changes or the modal goes. */
function usePreview(image: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (image === null) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(image);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image]);
  return url;
}
