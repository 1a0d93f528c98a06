import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A verified member. Accounts exist only once their email was proven by a code. */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'users_pkey' })
  id!: string;

  /** Always stored lower-cased and trimmed: one account per mailbox. */
  @Index('users_email_key', { unique: true })
  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  fullname!: string;

  /** argon2id, PHC string format. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'text', nullable: true })
  gender!: string | null;

  @Column({ name: 'age_range', type: 'text', nullable: true })
  ageRange!: string | null;

  @Column({ type: 'text', nullable: true })
  city!: string | null;

  @Column({ type: 'text', nullable: true })
  town!: string | null;

  @Column({ type: 'text', nullable: true })
  country!: string | null;

  @Column({ type: 'text', nullable: true })
  occupation!: string | null;

  /** Whether the member gets loan notices by email (notices module); on until they say no. */
  @Column({ name: 'loan_notices', type: 'boolean', default: true })
  loanNotices!: boolean;

  @Column({ name: 'email_verified_at', type: 'timestamptz' })
  emailVerifiedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
