import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';

import { demoMembers } from '../../database/demo-members';
import { communityCategories, welcomePosts } from '../../community/content/community-seed';
import { academyCategories, academyCourses } from './catalogue';
import type { SeedModule } from './types';

/** `api/content/academy`, where the figures live (served at `/content/academy/…`). */
const CONTENT_DIR = path.join(__dirname, '../../../content/academy');
const URL_PREFIX = '/content/academy/';
const MAX_SVG_BYTES = 20 * 1024;

function fileOf(url: string): string {
  return path.join(CONTENT_DIR, url.slice(URL_PREFIX.length));
}

function duplicates(values: readonly string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Sentences in plain prose: ends of sentences followed by a space or the end. */
function sentences(text: string): number {
  return text.split(/[.!?]["')]?(?:\s+|$)/).filter((part) => part.trim() !== '').length;
}

function readingWords(module: SeedModule): number {
  return module.sections
    .filter((section) => section.type !== 'image')
    .reduce((sum, section) => sum + words(section.content), 0);
}

const svgFiles = ['covers', 'sections'].flatMap((folder) =>
  readdirSync(path.join(CONTENT_DIR, folder))
    .filter((name) => name.endsWith('.svg'))
    .map((name) => ({ folder, name, file: path.join(CONTENT_DIR, folder, name) })),
);

describe('academy catalogue', () => {
  it('has at least 6 courses in at least 3 categories', () => {
    expect(academyCourses.length).toBeGreaterThanOrEqual(6);
    expect(academyCategories.length).toBeGreaterThanOrEqual(3);
  });

  it('has unique category slugs, each derived from its title', () => {
    expect(duplicates(academyCategories.map((category) => category.slug))).toEqual([]);
    for (const category of academyCategories) {
      const derived = category.title.toLowerCase().replace(/&/g, '').trim().replace(/\s+/g, '-');
      expect(category.slug).toBe(derived);
    }
  });

  it('has unique course slugs, each in a known category', () => {
    expect(duplicates(academyCourses.map((course) => course.slug))).toEqual([]);
    const categories = new Set(academyCategories.map((category) => category.slug));
    for (const course of academyCourses) {
      expect({ course: course.slug, known: categories.has(course.categorySlug) }).toEqual({
        course: course.slug,
        known: true,
      });
    }
    for (const category of categories) {
      expect(academyCourses.some((course) => course.categorySlug === category)).toBe(true);
    }
  });

  describe.each(academyCourses.map((course) => [course.slug, course] as const))(
    '%s',
    (_, course) => {
      it('has a title, a short description, an overview and a rating from 4.3 to 4.9', () => {
        expect(course.title.trim()).not.toBe('');
        expect(sentences(course.description)).toBeGreaterThanOrEqual(1);
        expect(sentences(course.description)).toBeLessThanOrEqual(2);
        expect(words(course.overview)).toBeGreaterThanOrEqual(50);
        expect(course.overview).not.toContain('\n');
        expect(course.rating).toBeGreaterThanOrEqual(4.3);
        expect(course.rating).toBeLessThanOrEqual(4.9);
        // The column is numeric(2, 1).
        expect(Math.round(course.rating * 10) / 10).toBe(course.rating);
      });

      it('has a cover in covers/ named after the course', () => {
        expect(course.coverImage).toBe(`/content/academy/covers/${course.slug}.svg`);
        expect(existsSync(fileOf(course.coverImage))).toBe(true);
      });

      it('has 3 to 5 modules with unique slugs', () => {
        expect(course.modules.length).toBeGreaterThanOrEqual(3);
        expect(course.modules.length).toBeLessThanOrEqual(5);
        expect(duplicates(course.modules.map((module) => module.slug))).toEqual([]);
        expect(duplicates(course.modules.map((module) => module.title))).toEqual([]);
      });

      it('gives every module subheadings, paragraphs and an image, and a worthwhile read', () => {
        for (const module of course.modules) {
          const types = module.sections.map((section) => section.type);
          const summary = {
            module: module.slug,
            subheadings: types.filter((type) => type === 'subheading').length,
            paragraphs: types.filter((type) => type === 'paragraph').length,
            images: types.filter((type) => type === 'image').length,
          };
          expect(summary.subheadings).toBeGreaterThanOrEqual(2);
          expect(summary.paragraphs).toBeGreaterThanOrEqual(4);
          expect(summary.images).toBeGreaterThanOrEqual(1);
          expect(types[0]).toBe('subheading');
          const reading = readingWords(module);
          expect({ module: module.slug, enough: reading >= 350 && reading <= 750 }).toEqual({
            module: module.slug,
            enough: true,
          });
          for (const section of module.sections) {
            expect(section.content.trim()).not.toBe('');
            if (section.type === 'paragraph') {
              expect({
                paragraph: section.content,
                sentences: sentences(section.content) <= 5,
              }).toEqual({
                paragraph: section.content,
                sentences: true,
              });
            }
          }
        }
      });

      it('points every section image at a file in sections/ that exists', () => {
        for (const module of course.modules) {
          for (const section of module.sections) {
            if (section.type === 'image') {
              expect(section.url).toMatch(/^\/content\/academy\/sections\/[a-z0-9-]+\.svg$/);
              expect({ url: section.url, exists: existsSync(fileOf(section.url)) }).toEqual({
                url: section.url,
                exists: true,
              });
              expect(words(section.content)).toBeGreaterThanOrEqual(5);
            }
          }
        }
      });

      it('has 4 to 6 well-formed questions in every quiz', () => {
        for (const module of course.modules) {
          expect(module.quiz.length).toBeGreaterThanOrEqual(4);
          expect(module.quiz.length).toBeLessThanOrEqual(6);
          for (const question of module.quiz) {
            expect(question.question.trim()).not.toBe('');
            expect(question.choices.length).toBeGreaterThanOrEqual(3);
            expect(question.choices.length).toBeLessThanOrEqual(4);
            expect(duplicates(question.choices)).toEqual([]);
            expect(Number.isInteger(question.correct_answer_index)).toBe(true);
            expect(question.correct_answer_index).toBeGreaterThanOrEqual(0);
            expect(question.correct_answer_index).toBeLessThan(question.choices.length);
          }
        }
      });

      it('has a reflection prompt on most questions, and never the answer itself', () => {
        const questions = course.modules.flatMap((module) => module.quiz);
        const prompted = questions.filter(
          (question) => (question.reflection_prompt ?? '').trim() !== '',
        );
        expect(prompted.length).toBeGreaterThan(questions.length / 2);
        for (const question of prompted) {
          const answer = question.choices[question.correct_answer_index]!;
          const escaped = answer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          expect(question.reflection_prompt).not.toMatch(new RegExp(`\\b${escaped}\\b`, 'i'));
        }
      });

      it('varies the position of the correct answer', () => {
        const positions = course.modules.flatMap((module) =>
          module.quiz.map((question) => question.correct_answer_index),
        );
        expect(new Set(positions).size).toBeGreaterThanOrEqual(3);
        for (const module of course.modules) {
          expect(
            new Set(module.quiz.map((question) => question.correct_answer_index)).size,
          ).toBeGreaterThan(1);
        }
      });
    },
  );

  describe('figures', () => {
    it('has SVG figures to check', () => {
      expect(svgFiles.length).toBeGreaterThanOrEqual(academyCourses.length + 6);
    });

    it.each(svgFiles.map(({ folder, name, file }) => [`${folder}/${name}`, folder, file] as const))(
      '%s is a safe SVG under 20 kB of the right size',
      async (_, folder, file) => {
        expect(statSync(file).size).toBeLessThan(MAX_SVG_BYTES);
        const svg = readFileSync(file, 'utf8');
        expect(svg).toMatch(/^(<\?xml[^>]*\?>\s*)?<svg[\s>]/);
        expect(svg).not.toMatch(/<script/i);
        expect(svg).not.toMatch(/\son\w+\s*=/i);
        expect(svg).not.toMatch(/foreignObject/i);
        expect(svg).not.toMatch(/<!DOCTYPE|<!ENTITY/i);
        expect(svg).not.toMatch(/<image[\s>]|@import/i);
        // Only same-document references: no external links, fonts or images.
        expect(svg).not.toMatch(/href\s*=\s*["'](?!#)/i);
        expect(svg).not.toMatch(/url\(\s*["']?(?!#)/i);
        const withoutNamespaces = svg
          .replaceAll('http://www.w3.org/2000/svg', '')
          .replaceAll('http://www.w3.org/1999/xlink', '');
        expect(withoutNamespaces).not.toMatch(/https?:\/\//i);

        const [width, height] = folder === 'covers' ? [1200, 675] : [1200, 600];
        expect(svg).toContain(`viewBox="0 0 ${width} ${height}"`);
        // librsvg parses it as XML: a malformed file throws here.
        const metadata = await sharp(file).metadata();
        expect({ width: metadata.width, height: metadata.height }).toEqual({ width, height });
      },
    );

    it('uses every figure somewhere', () => {
      const used = new Set<string>(
        academyCourses.flatMap((course) => [
          course.coverImage,
          ...course.modules.flatMap((module) =>
            module.sections.flatMap((section) => (section.type === 'image' ? [section.url] : [])),
          ),
        ]),
      );
      const unused = svgFiles
        .map(({ folder, name }) => `${URL_PREFIX}${folder}/${name}`)
        .filter((url) => !used.has(url));
      expect(unused).toEqual([]);
    });
  });

  describe('community seed', () => {
    it('has 4 to 6 categories with unique slugs and titles', () => {
      expect(communityCategories.length).toBeGreaterThanOrEqual(4);
      expect(communityCategories.length).toBeLessThanOrEqual(6);
      expect(duplicates(communityCategories.map((category) => category.slug))).toEqual([]);
      expect(duplicates(communityCategories.map((category) => category.title))).toEqual([]);
      for (const category of communityCategories) {
        expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(category.title.trim()).not.toBe('');
      }
    });

    it('has 4 to 8 short welcome posts by demo members in known categories', () => {
      expect(welcomePosts.length).toBeGreaterThanOrEqual(4);
      expect(welcomePosts.length).toBeLessThanOrEqual(8);
      expect(duplicates(welcomePosts.map((post) => post.slug))).toEqual([]);
      const categories = new Set(communityCategories.map((category) => category.slug));
      const members = new Set<string>(demoMembers.map((member) => member.email));
      for (const post of welcomePosts) {
        expect({ post: post.slug, category: categories.has(post.categorySlug) }).toEqual({
          post: post.slug,
          category: true,
        });
        expect({ post: post.slug, author: members.has(post.authorEmail) }).toEqual({
          post: post.slug,
          author: true,
        });
        // The posts table allows 1 to 5,000 characters.
        expect(post.content.length).toBeGreaterThan(0);
        expect(post.content.length).toBeLessThanOrEqual(5000);
        expect(sentences(post.content)).toBeLessThanOrEqual(4);
      }
    });
  });
});
