// Generated from api/openapi.json by `npm run generate:api-types`. Do not edit: change the
// API's schemas (api/src/**/*.schema.ts), renew the document (`npm run openapi -w api`) and
// generate again.

export interface paths {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['HealthController_health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['HealthController_ready'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/uploads/{folder}/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['FilesController_upload'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/content/academy/{folder}/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['FilesController_academy'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/request-account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['UsersController_requestAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/user/resend-otp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['UsersController_resendCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/verify-account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['UsersController_verifyAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['UsersController_forgotPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/verify-forgetpassword-otp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['UsersController_verifyResetCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['UsersController_resetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/edit-profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['UsersController_editProfile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/block-user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['UsersController_blockUser'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['UsersController_me'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['RegionController_check'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/confirmu': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ScoresController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/market-stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['MarketController_stats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['LendingController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/requests/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['LendingController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/request': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['LendingController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/requests/{id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['LendingController_approve'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/requests/{id}/fund': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['LendingController_fund'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/requests/{id}/repay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['LendingController_repay'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/requests/{id}/withdraw': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['LendingController_withdraw'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/requests/{id}/complete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['LendingController_complete'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/requests/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['LendingController_cancel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['LendingController_stream'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/microlending/borrowing-status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['LendingController_borrowingStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/chain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ChainConfigController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/wallets/nonce': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['WalletsController_nonce'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/wallets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['WalletsController_list'];
    put?: never;
    post: operations['WalletsController_link'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/wallets/{address}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: operations['WalletsController_unlink'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AcademyController_categories'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/courses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AcademyController_courses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/feed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AcademyController_feed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/courses/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AcademyController_course'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/enroll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AcademyController_enroll'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/enrolled/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AcademyController_enrolled'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/enrolled/details/{userId}/{courseId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AcademyController_enrolledDetails'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/progress/{userId}/{courseId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AcademyController_progress'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/progress/module': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AcademyController_markModuleDone'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/progress/quiz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AcademyController_recordQuizResult'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/save': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AcademyController_save'];
    delete: operations['AcademyController_unsave'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/saved/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AcademyController_saved'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/academy/star': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AcademyController_star'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/community/get-categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['CommunityController_categories'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/community/feed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['CommunityController_feedOfAll'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/community/feed/{categoryId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['CommunityController_feed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/community/create-post': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['CommunityController_createPost'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/community/report-post': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['CommunityController_reportPost'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notices/stop': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Turn loan notices off from a mail’s link; answers a page */
    get: operations['NoticesController_stopPage'];
    put?: never;
    /** Turn loan notices off: RFC 8058 one-click unsubscribe */
    post: operations['NoticesController_stop'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['MetricsController_scrape'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AuthController_login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AuthController_refresh'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AuthController_logout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AcademyCategoryView: {
      _id: string;
      title: string;
      slug: string;
    };
    BorrowingStatus: {
      canBorrow: boolean;
      /** @description The member's open loan (requested, funded, or defaulted and still owed). */
      activeLoan: components['schemas']['LoanRequestView'] | null;
    };
    Catalogue: {
      trending: components['schemas']['CourseSummaryView'][];
      byCategory: {
        categoryId: string;
        categoryName: string;
        courses: components['schemas']['CourseSummaryView'][];
      }[];
    };
    ChainConfig: {
      chainId: number;
      chainName: string;
      lendingAddress: string;
      usdcAddress: string;
      deployBlock: number;
      /** @description The JSON-RPC endpoint browsers may use. */
      rpcUrl: string;
      /** @description Null when the chain has none (a local node). */
      explorerUrl: string | null;
    };
    CommunityCategoryView: {
      _id: string;
      title: string;
      slug: string;
    };
    CourseDetailView: {
      _id: string;
      courseId: string;
      title: string;
      description: string;
      /** @description Out of 5. */
      rating: number;
      /** @description A path on the API host. */
      coverImage: string;
      category: components['schemas']['AcademyCategoryView'];
      /** @description How many members are enrolled. */
      members: number;
      moduleCount: number;
      isEnrolled: boolean;
      isSaved: boolean;
      isStarred: boolean;
      enrollmentId: string | null;
      /** @description Percent of modules completed; null when not enrolled. */
      progress: number | null;
      overview: string;
      modules: components['schemas']['ModuleView'][];
    };
    CourseSummaryView: {
      _id: string;
      courseId: string;
      title: string;
      description: string;
      /** @description Out of 5. */
      rating: number;
      /** @description A path on the API host. */
      coverImage: string;
      category: components['schemas']['AcademyCategoryView'];
      /** @description How many members are enrolled. */
      members: number;
      moduleCount: number;
      isEnrolled: boolean;
      isSaved: boolean;
      isStarred: boolean;
      enrollmentId: string | null;
      /** @description Percent of modules completed; null when not enrolled. */
      progress: number | null;
    };
    EnrollmentDetailView: {
      _id: string;
      enrollmentId: string;
      course: components['schemas']['CourseDetailView'];
      progress: number;
      moduleProgress: components['schemas']['ModuleProgressView'][];
      starred: boolean;
      /** Format: date-time */
      createdAt: string;
    };
    EnrollmentView: {
      _id: string;
      enrollmentId: string;
      course: {
        _id: string;
        courseId: string;
        title: string;
        description: string;
        /** @description Out of 5. */
        rating: number;
        /** @description A path on the API host. */
        coverImage: string;
        category: components['schemas']['AcademyCategoryView'];
        /** @description How many members are enrolled. */
        members: number;
        moduleCount: number;
        isEnrolled: boolean;
        isSaved: boolean;
        isStarred: boolean;
        enrollmentId: string | null;
        /** @description Percent of modules completed; null when not enrolled. */
        progress: number | null;
        modules: components['schemas']['ModuleOutlineView'][];
      };
      progress: number;
      moduleProgress: components['schemas']['ModuleProgressView'][];
      starred: boolean;
      /** Format: date-time */
      createdAt: string;
    };
    EnrollResult: {
      enrollmentId: string;
      /** @description False when the member was already enrolled. */
      enrolled: boolean;
    };
    FundingIntent: {
      loanRequestId: string;
      interestRate: number;
      lenderWalletAddress: string;
    };
    LinkedWallet: {
      address: string;
      /** Format: date-time */
      linkedAt: string;
      /** @description Loans the wallet borrowed or funded on chain, now shown as the caller's. */
      loansAttached: number;
    };
    Liveness: {
      /** @constant */
      status: 'ok';
    };
    LoanRequestPage: {
      loanRequests: components['schemas']['LoanRequestView'][];
      pagination: {
        page: number;
        limit: number;
        total: number;
        pages: number;
      };
      verification: components['schemas']['Verification'];
    };
    LoanRequestView: {
      _id: string;
      /** @description The loan's id in the contract (a uint256, in decimal). */
      loanChainId: string;
      /** @description USDC. */
      amount: number;
      /** @description The exact 6-decimal units. */
      amountUnits: string;
      /** @description Days. */
      duration: number;
      /** @description The borrower's wallet, as the chain says. */
      walletAddress: string;
      description: string;
      /** @description Null while no member has linked the borrowing wallet. */
      borrower: {
        _id: string;
        fullname: string;
      } | null;
      /** @description Null before funding or while nobody has linked it. */
      lender: {
        _id: string;
        fullname: string;
      } | null;
      /** @description The highest APR (percent) a lender may fund at. */
      maxInterestRate: number;
      /** @enum {string} */
      status: 'requested' | 'funded' | 'repaid' | 'cancelled' | 'defaulted';
      /** Format: date-time */
      createdAt: string;
      /** @description APR percent, once funded. */
      interestRate: number | null;
      lenderWalletAddress: string | null;
      startDate: string | null;
      dueDate: string | null;
      /** @description USDC owed on time, once funded. */
      repaymentAmount: number | null;
      repaidAmount: number | null;
      penalty: number | null;
      repaidAt: string | null;
      escrowed: boolean | null;
      escrowReleased: boolean | null;
      /** @description Where the status was read: "chain-verified" means finality `finalized`; `unverified` while the indexer is halted or behind. */
      chain: {
        asOfBlock: number;
        asOfBlockHash: string;
        /** @enum {string} */
        finality: 'pending' | 'safe' | 'finalized' | 'unverified';
      };
    };
    MarketStat: {
      id: number;
      name: string;
      symbol: string;
      last_updated: string;
      quote: {
        USD: {
          price: number;
          market_cap: number | null;
          market_cap_dominance: number;
          percent_change_24h: number;
          last_updated: string;
        };
      };
    };
    MarketStats: {
      data: components['schemas']['MarketStat'][];
      /**
       * @description `coinmarketcap`: under a minute old; `coinmarketcap-stale`: an older answer that could not be renewed; `snapshot`: the sample quotes shipped with the API.
       * @enum {string}
       */
      source: 'coinmarketcap' | 'coinmarketcap-stale' | 'snapshot';
      /** @description When CoinMarketCap produced these figures, ISO 8601. */
      asOf: string;
    };
    MemberScore: {
      userId: string;
      totalScore: number;
    };
    ModuleDone: {
      enrollmentId: string;
      progress: number;
      moduleProgress: components['schemas']['ModuleProgressView'][];
      message: string;
    };
    ModuleOutlineView: {
      _id: string;
      title: string;
      questionCount: number;
    };
    ModuleProgressView: {
      moduleId: string;
      completed: boolean;
      quizCompleted: boolean;
      /** @description The best score of any attempt, 0–100; null before the first. */
      quizScore: number | null;
    };
    ModuleView: {
      completed: boolean;
      quizCompleted: boolean;
      /** @description The best score of any attempt, 0–100; null before the first. */
      quizScore: number | null;
      _id: string;
      title: string;
      sections: components['schemas']['Section'][];
      quiz: components['schemas']['QuizQuestion'][];
    };
    PostView: {
      _id: string;
      user: {
        _id: string;
        fullname: string;
      };
      categoryId: string;
      /** Format: date-time */
      createdAt: string;
      content: string;
      /** @description The image's path on the API host, or null for a text post. */
      postMedia: string | null;
      /** @description Pixels; null for a text post and for images stored before sizes were kept. */
      postMediaWidth: number | null;
      postMediaHeight: number | null;
      /** @description Hidden after reports: only its author still sees it. */
      hidden: boolean;
    };
    ProgressView: {
      enrollmentId: string;
      progress: number;
      moduleProgress: components['schemas']['ModuleProgressView'][];
    };
    QuizQuestion: {
      question: string;
      choices: string[];
      correct_answer_index: number;
      reflection_prompt?: string;
    };
    QuizResult: {
      enrollmentId: string;
      progress: number;
      moduleProgress: components['schemas']['ModuleProgressView'][];
      moduleId: string;
      /** @description This attempt's score. */
      score: number;
      /**
       * @description Who computed `score`: the server from the answers, or the client.
       * @enum {string}
       */
      gradedBy: 'server' | 'client';
      passed: boolean;
      /** @description The best score of all attempts (what the module shows). */
      bestScore: number;
      attempts: number;
    };
    Readiness: {
      /** @constant */
      ready: true;
      /** @enum {string} */
      postgres?: 'up' | 'down';
      /** @enum {string} */
      redis?: 'up' | 'down';
      /** @enum {string} */
      indexer?: 'verified' | 'unverified' | 'unknown';
    };
    RegionCheck: {
      /** @constant */
      region: 'allowed';
    };
    ReportedPost: {
      postId: string;
      reported: boolean;
    };
    SavedCourse: {
      courseId: string;
      /** @constant */
      saved: true;
    };
    SavedCourseView: {
      course: components['schemas']['CourseSummaryView'];
      /** Format: date-time */
      savedAt: string;
    };
    /** @enum {string} */
    ScoreSource: 'confirmu' | 'platform';
    Section:
      | {
          /** @constant */
          type: 'subheading';
          content: string;
        }
      | {
          /** @constant */
          type: 'paragraph';
          content: string;
        }
      | {
          /** @constant */
          type: 'image';
          content: string;
          url: string;
        };
    SessionTokens: {
      token: string;
      refresh: string;
    };
    SignedIn: {
      token: string;
      refresh: string;
      user: components['schemas']['UserView'];
    };
    StarredEnrollment: {
      enrollmentId: string;
      starred: boolean;
    };
    UnlinkedWallet: {
      address: string;
    };
    UnsavedCourse: {
      courseId: string;
      /** @constant */
      saved: false;
    };
    UserView: {
      _id: string;
      fullname: string;
      email: string;
      phone: string;
      gender: string | null;
      ageRange: string | null;
      location: {
        city: string | null;
        town: string | null;
        country: string | null;
      };
      occupation: string | null;
      profile: null;
      loanNotices: boolean;
    };
    Verification: {
      verified: boolean;
      /** @description Why not, for operators; null when verified. */
      reason: string | null;
    };
    WalletNonce: {
      /** @description Goes in the Sign-In with Ethereum message's `Nonce:` line. */
      nonce: string;
      /** Format: date-time */
      expiresAt: string;
    };
    WalletView: {
      address: string;
      /** Format: date-time */
      linkedAt: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  HealthController_health: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['Liveness'];
          };
        };
      };
    };
  };
  HealthController_ready: {
    parameters: {
      query?: never;
      header: {
        authorization: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready (503 `HEALTH.NOT_READY` when not). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['Readiness'];
          };
        };
      };
    };
  };
  FilesController_upload: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        folder: string;
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The image, as stored. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': string;
          'image/png': string;
          'image/webp': string;
          'image/gif': string;
        };
      };
      /** @description No such image. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  FilesController_academy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        folder: string;
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The figure. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/svg+xml': string;
          'image/png': string;
          'image/jpeg': string;
          'image/webp': string;
        };
      };
      /** @description No such figure. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  UsersController_requestAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          phone: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: null;
          };
        };
      };
    };
  };
  UsersController_resendCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: null;
          };
        };
      };
    };
  };
  UsersController_verifyAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          fullname: string;
          email: string;
          phone: string;
          password: string;
          otp: string;
        };
      };
    };
    responses: {
      /** @description OK */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['SignedIn'];
          };
        };
      };
    };
  };
  UsersController_forgotPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: null;
          };
        };
      };
    };
  };
  UsersController_verifyResetCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          otp: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: null;
          };
        };
      };
    };
  };
  UsersController_resetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          otpCode: string;
          newPassword: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: null;
          };
        };
      };
    };
  };
  UsersController_editProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          fullname: string;
          phone: string;
          gender?: ('Male' | 'Female' | 'Prefer to self describe') | null;
          genderDescription?: string | null;
          ageRange?: ('Under 18' | '18-24' | '25-34' | '35-44' | '45-54' | '55-64' | '65+') | null;
          location?: {
            city?: string | null;
            town?: string | null;
            country?: string | null;
          } | null;
          occupation?: string | null;
          loanNotices?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['UserView'];
          };
        };
      };
    };
  };
  UsersController_blockUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          userIdToBlock: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: null;
          };
        };
      };
    };
  };
  UsersController_me: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['UserView'];
          };
        };
      };
    };
  };
  RegionController_check: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['RegionCheck'];
          };
        };
      };
    };
  };
  ScoresController_list: {
    parameters: {
      query?: {
        /** @description member ids, comma-separated */
        userIds?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['MemberScore'][];
            source: components['schemas']['ScoreSource'];
          };
        };
      };
    };
  };
  MarketController_stats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['MarketStats'];
          };
        };
      };
    };
  };
  LendingController_list: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
        status?: 'requested' | 'funded' | 'repaid' | 'cancelled' | 'defaulted';
        borrower?: 'me' | string;
        lender?: 'me' | string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `loanRequests`, `pagination` and `verification: { verified, reason }`: whether the indexer vouches for loan status right now. While it does not (halted after a reorg deeper than finality, or not at the chain head for longer than INDEXER_MAX_LAG_SECONDS), every loan's `chain.finality` reads `unverified` (otherwise `pending`, `safe` or `finalized`) and `reason` says why. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LoanRequestPage'];
          };
        };
      };
    };
  };
  LendingController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LoanRequestView'];
          };
        };
      };
    };
  };
  LendingController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          amount: number;
          duration: number;
          walletAddress: string;
          description: string;
          borrower: string;
          loanChainId: number | string;
          transactionHash?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LoanRequestView'];
          };
        };
      };
    };
  };
  LendingController_approve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          interestRate: number;
          lenderWalletAddress: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['FundingIntent'];
          };
        };
      };
    };
  };
  LendingController_fund: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          transactionHash: string;
          interestRate: number;
          lenderWalletAddress: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LoanRequestView'];
          };
        };
      };
    };
  };
  LendingController_repay: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          transactionHash: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LoanRequestView'];
          };
        };
      };
    };
  };
  LendingController_withdraw: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          transactionHash: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LoanRequestView'];
          };
        };
      };
    };
  };
  LendingController_complete: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          transactionHash: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LoanRequestView'];
          };
        };
      };
    };
  };
  LendingController_cancel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LoanRequestView'];
          };
        };
      };
    };
  };
  LendingController_stream: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Live loan changes as server-sent events: `retry: 2000`, then one `event: loan` per committed change with `data: {"_id","loanChainId","status","finality","asOfBlock"}` (status, finality and asOfBlock null: a reorg removed the loan; finality `unverified` while the indexer does not vouch for it), `event: verification` with `data: {"verified","reason"}` when that flips, and a `: ping` comment every 15 s. Refetch the loans on an event. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
    };
  };
  LendingController_borrowingStatus: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['BorrowingStatus'];
          };
        };
      };
    };
  };
  ChainConfigController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['ChainConfig'];
          };
        };
      };
    };
  };
  WalletsController_nonce: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['WalletNonce'];
          };
        };
      };
    };
  };
  WalletsController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['WalletView'][];
          };
        };
      };
    };
  };
  WalletsController_link: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          message: string;
          signature: string;
        };
      };
    };
    responses: {
      /** @description OK */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['LinkedWallet'];
          };
        };
      };
    };
  };
  WalletsController_unlink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        address: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['UnlinkedWallet'];
          };
        };
      };
    };
  };
  AcademyController_categories: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['AcademyCategoryView'][];
          };
        };
      };
    };
  };
  AcademyController_courses: {
    parameters: {
      query?: {
        category?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['CourseSummaryView'][];
          };
        };
      };
    };
  };
  AcademyController_feed: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['Catalogue'];
          };
        };
      };
    };
  };
  AcademyController_course: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['CourseDetailView'];
          };
        };
      };
    };
  };
  AcademyController_enroll: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          userId: string;
          courseId: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['EnrollResult'];
          };
        };
      };
    };
  };
  AcademyController_enrolled: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['EnrollmentView'][];
          };
        };
      };
    };
  };
  AcademyController_enrolledDetails: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
        courseId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['EnrollmentDetailView'][];
          };
        };
      };
    };
  };
  AcademyController_progress: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
        courseId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['ProgressView'];
          };
        };
      };
    };
  };
  AcademyController_markModuleDone: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          enrollmentId: string;
          moduleId?: string;
          outlineId?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['ModuleDone'];
          };
        };
      };
    };
  };
  AcademyController_recordQuizResult: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          enrollmentId: string;
          moduleId: string;
          score?: number;
          answers?: number[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['QuizResult'];
          };
        };
      };
    };
  };
  AcademyController_save: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          userId: string;
          courseId: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['SavedCourse'];
          };
        };
      };
    };
  };
  AcademyController_unsave: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          userId: string;
          courseId: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['UnsavedCourse'];
          };
        };
      };
    };
  };
  AcademyController_saved: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['SavedCourseView'][];
          };
        };
      };
    };
  };
  AcademyController_star: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          enrollmentId: string;
          /** @default true */
          starred?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['StarredEnrollment'];
          };
        };
      };
    };
  };
  CommunityController_categories: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['CommunityCategoryView'][];
          };
        };
      };
    };
  };
  CommunityController_feedOfAll: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['PostView'][];
          };
        };
      };
    };
  };
  CommunityController_feed: {
    parameters: {
      query?: {
        page?: number;
        limit?: number;
      };
      header?: never;
      path: {
        categoryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['PostView'][];
          };
        };
      };
    };
  };
  CommunityController_createPost: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          content: string;
          categoryId: string;
        };
        'application/json': {
          content: string;
          categoryId: string;
        };
      };
    };
    responses: {
      /** @description OK */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['PostView'];
          };
        };
      };
    };
  };
  CommunityController_reportPost: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          postId: string;
          reason?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['ReportedPost'];
          };
        };
      };
    };
  };
  NoticesController_stopPage: {
    parameters: {
      query: {
        /** @description The signed token of the stop link in a loan notice mail. */
        token: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page saying loan notices are off. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description A page saying the link is not valid. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  NoticesController_stop: {
    parameters: {
      query: {
        /** @description The signed token of the stop link in a loan notice mail. */
        token: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: null;
          };
        };
      };
    };
  };
  MetricsController_scrape: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Prometheus metrics, for `Authorization: Bearer <OPS_TOKEN>` only. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/plain; version=0.0.4': string;
        };
      };
      /** @description Not the operators’ token (`OPS.UNAUTHORIZED`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description OPS_TOKEN is not set: no metrics. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AuthController_login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['SignedIn'];
          };
        };
      };
    };
  };
  AuthController_refresh: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          refresh: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: components['schemas']['SessionTokens'];
          };
        };
      };
    };
  };
  AuthController_logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          refresh: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            success: true;
            message: string;
            data: null;
          };
        };
      };
    };
  };
}
