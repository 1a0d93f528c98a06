import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a code proves; a code for one purpose is useless for another. */
export type CodePurpose = 'sign-up' | 'password-reset';

/**
 * A one-time code sent by email. Only its HMAC is stored. A code is live while it is neither
 * consumed nor revoked and has not expired.
 */
@Entity({ name: 'one_time_codes' })
@Index('one_time_codes_email_created_at', ['email', 'createdAt'])
export class OneTimeCode {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'one_time_codes_pkey' })
  id!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  purpose!: CodePurpose;

  /** HMAC-SHA256 over purpose, email and code, keyed by CODE_SECRET. */
  @Column({ name: 'code_hmac', type: 'bytea' })
  codeHmac!: Buffer;

  /** Verification attempts so far, right or wrong. */
  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** When a two-step flow found it right without using it; it may then be used once more. */
  @Column({ name: 'checked_at', type: 'timestamptz', nullable: true })
  checkedAt!: Date | null;

  /** When it was used successfully. */
  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  /** When it stopped counting without being used: replaced by a newer code, or out of attempts. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
