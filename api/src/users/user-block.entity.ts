import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { User } from './user.entity';

/** A member who no longer wants to see another member's posts. */
@Entity({ name: 'user_blocks' })
export class UserBlock {
  @PrimaryColumn({ name: 'blocker_id', type: 'uuid', primaryKeyConstraintName: 'user_blocks_pkey' })
  blockerId!: string;

  @PrimaryColumn({ name: 'blocked_id', type: 'uuid', primaryKeyConstraintName: 'user_blocks_pkey' })
  blockedId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'blocker_id', foreignKeyConstraintName: 'user_blocks_blocker_id_fkey' })
  blocker!: User;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'blocked_id', foreignKeyConstraintName: 'user_blocks_blocked_id_fkey' })
  blocked!: User;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
