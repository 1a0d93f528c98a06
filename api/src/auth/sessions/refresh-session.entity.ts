import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';

import { User } from '../../users/user.entity';

/**
 * One refresh token of a sign-in. Tokens are opaque and stored only as a SHA-256 hash. Each
 * refresh replaces the token with a new one of the same family; presenting a replaced token
 * again means it was stolen, and revokes the whole family.
 */
@Entity({ name: 'refresh_sessions' })
export class RefreshSession {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'refresh_sessions_pkey' })
  id!: string;

  @Index('refresh_sessions_user_id')
  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'refresh_sessions_user_id_fkey' })
  user!: User;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Every token descended from one sign-in shares the family. */
  @Index('refresh_sessions_family_id')
  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  @Index('refresh_sessions_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash!: Buffer;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** When a refresh replaced it. */
  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;

  /** When its family was revoked: logout, reuse detected, or password reset. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
