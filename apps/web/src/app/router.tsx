import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom'
import { NotFound } from '../components/not-found.tsx'
import { StartupGate } from '../features/startup/startup-gate.tsx'
import { AppShell } from './app-shell.tsx'
import { specRoutes } from './routes.ts'

/** `/` goes to `/home` keeping the query (spec 002 §2 "Other"). */
function RootRedirect() {
  const { search } = useLocation()
  return <Navigate to={`/home${search}`} replace />
}

/** Screens anyone may open: login, the sandbox outbox, the operation manual, seal verification. */
const publicScreens: RouteObject[] = [
  {
    path: '/login',
    lazy: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: '/dev/sms',
    lazy: () => import('../features/dev/sms-outbox-page.tsx').then((m) => ({ Component: m.SmsOutboxPage })),
  },
  {
    path: '/verify',
    lazy: () => import('../features/verify/verify-page.tsx').then((m) => ({ Component: m.VerifyPage })),
  },
  {
    path: '/applyPdf',
    lazy: () =>
      import('../features/apply-pdf/apply-pdf-page.tsx').then((m) => ({ Component: m.ApplyPdfPage })),
  },
]

/** Built screens behind start-up (identity, open entry, face check), lazily loaded so the first screen stays small. */
const builtScreens: RouteObject[] = [
  {
    path: '/home',
    lazy: () => import('../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: '/seal-apply/readme',
    lazy: () => import('../features/readme/readme-page.tsx').then((m) => ({ Component: m.ReadmePage })),
  },
  {
    path: '/seal-preview-list/:type',
    lazy: () => import('../features/my-seals/seal-list-page.tsx').then((m) => ({ Component: m.SealListPage })),
  },
  {
    path: '/seal-comfirm/:type',
    lazy: () => import('../features/my-seals/seal-confirm-page.tsx').then((m) => ({ Component: m.SealConfirmPage })),
  },
  {
    path: '/seal-use/:sealId?',
    lazy: () => import('../features/seal-use/seal-use-page.tsx').then((m) => ({ Component: m.SealUsePage })),
  },
  {
    path: '/seal-preview/:type/:sealId',
    lazy: () => import('../features/my-seals/seal-detail-page.tsx').then((m) => ({ Component: m.SealDetailPage })),
  },
  {
    path: '/seal-edit-password/step-1',
    lazy: () => import('../features/seal-password/verify-current-page.tsx').then((m) => ({ Component: m.VerifyCurrentPasswordPage })),
  },
  {
    path: '/seal-edit-password/step-2/:key?',
    lazy: () => import('../features/seal-password/new-password-page.tsx').then((m) => ({ Component: m.NewPasswordPage })),
  },
  {
    path: '/seal-change-pass/:key?',
    lazy: () => import('../features/seal-password/new-password-page.tsx').then((m) => ({ Component: () => <m.NewPasswordPage direct /> })),
  },
  {
    path: '/seal-edit-password/face-authentication',
    lazy: () => import('../features/seal-password/face-reset-page.tsx').then((m) => ({ Component: m.FaceResetPage })),
  },
  {
    path: '/seal-use-record/:type/:sealId',
    lazy: () => import('../features/use-records/use-record-page.tsx').then((m) => ({ Component: m.UseRecordPage })),
  },
  {
    path: '/seal-searchbar-list/:type',
    lazy: () => import('../features/use-records/use-record-search-page.tsx').then((m) => ({ Component: m.UseRecordSearchPage })),
  },
  {
    path: '/seal-off/:sealId',
    lazy: () => import('../features/seal-cancel/cancel-seal-page.tsx').then((m) => ({ Component: m.CancelSealPage })),
  },
  ...applyRecordScreens(),
  ...agencyCenterScreens(),
  ...sealAuthListScreens(),
  ...sealAuthScreens(),
  ...personalSealScreens(),
  ...sealApplyEntryScreens(),
  ...unitApplyScreens(),
  ...bindingScreens(),
  ...activationScreens(),
  ...offlineApplyScreens(),
  ...olderApplyScreens(),
  ...olderChangeScreens(),
]

/** Platform binding (spec 002 §2 "Platform binding routes"; issue #12). */
function bindingScreens(): RouteObject[] {
  const binding = (path: string, load: RouteObject['lazy']): RouteObject => ({ path, lazy: load }) as RouteObject
  return [
    binding('/binding', () => import('../features/binding/binding-page.tsx').then((m) => ({ Component: m.BindingPage }))),
    binding('/binding/argument', () => import('../features/binding/argument-page.tsx').then((m) => ({ Component: m.BindingArgumentPage }))),
    binding('/binding/platform', () => import('../features/binding/platform-page.tsx').then((m) => ({ Component: m.PlatformPage }))),
    binding('/binding-list', () => import('../features/binding/binding-list-page.tsx').then((m) => ({ Component: m.BindingListPage }))),
    binding('/binding-result/:sucNum', () => import('../features/binding/result-page.tsx').then((m) => ({ Component: m.BindingResultPage }))),
    binding('/seal-bind/:id?/:status?/:recordId?', () => import('../features/binding/seal-bind-page.tsx').then((m) => ({ Component: m.SealBindPage }))),
    binding('/seal-bind-complete', () => import('../features/binding/result-page.tsx').then((m) => ({ Component: m.SealBindCompletePage }))),
    binding('/platform-binding-record', () => import('../features/binding/record-page.tsx').then((m) => ({ Component: m.BindingRecordPage }))),
  ]
}

/** The new wizard (spec 001 §2 "New wizard"): home and find-seal are the same screen. */
function unitApplyScreens(): RouteObject[] {
  const wizard = () => import('../features/unit-apply/unit-apply-page.tsx').then((m) => ({ Component: m.UnitApplyPage }))
  return [
    { path: '/new/seal/home', lazy: wizard },
    { path: '/new/seal/find-seal', lazy: wizard },
  ]
}

/** The enterprise seal entry (spec 001 §2 "Entry and guides"): landing, operation guide, seal example. */
function sealApplyEntryScreens(): RouteObject[] {
  return [
    {
      path: '/seal-apply',
      lazy: () => import('../features/seal-apply/landing-page.tsx').then((m) => ({ Component: m.SealApplyLandingPage })),
    },
    {
      path: '/new/seal/flow',
      lazy: () => import('../features/seal-apply/flow-guide-page.tsx').then((m) => ({ Component: m.NewSealFlowPage })),
    },
    ...['apply-use-argument', 'privacy-argument', 'apply-digit-argument'].map((key) => ({
      path: `/seal-apply/${key}`,
      lazy: () =>
        import('../features/seal-apply/agreement-page.tsx').then((m) => ({ Component: () => <m.ApplyAgreementPage agreementKey={key} /> })),
    })),
    {
      path: '/seal-apply/:agreementKey',
      lazy: () => import('../features/seal-apply/agreement-page.tsx').then((m) => ({ Component: m.ApplyAgreementPage })),
    },
    {
      path: '/seal-example/:type',
      lazy: () => import('../features/seal-apply/seal-example-page.tsx').then((m) => ({ Component: m.SealExamplePage })),
    },
  ]
}

/** The personal name seal flow (spec 002 §2): one lazy chunk per screen. */
function personalSealScreens(): RouteObject[] {
  return [
    {
      path: '/personal-seal-apply/show-flow',
      lazy: () =>
        import('../features/personal-seal/show-flow-page.tsx').then((m) => ({
          Component: m.PersonalSealShowFlowPage,
        })),
    },
    {
      path: '/personal-seal-apply/step-1',
      lazy: () =>
        import('../features/personal-seal/identity-step-page.tsx').then((m) => ({
          Component: m.PersonalSealIdentityPage,
        })),
    },
    {
      path: '/personal-seal-apply/step-2',
      lazy: () =>
        import('../features/personal-seal/face-step-page.tsx').then((m) => ({
          Component: m.PersonalSealFacePage,
        })),
    },
    {
      path: '/personal-seal-apply/apply-agreement-sample',
      lazy: () =>
        import('../features/personal-seal/agreement-sign-page.tsx').then((m) => ({
          Component: m.PersonalSealAgreementSignPage,
        })),
    },
    {
      path: '/personal-seal-apply/step-4',
      lazy: () =>
        import('../features/personal-seal/signature-step-page.tsx').then((m) => ({
          Component: m.PersonalSealSignaturePage,
        })),
    },
    {
      path: '/personal-seal-apply/step-5',
      lazy: () =>
        import('../features/personal-seal/style-step-page.tsx').then((m) => ({
          Component: m.PersonalSealStylePage,
        })),
    },
    {
      path: '/personal-seal-apply/step-5-why',
      lazy: () =>
        import('../features/personal-seal/style-why-page.tsx').then((m) => ({
          Component: m.PersonalSealStyleWhyPage,
        })),
    },
    {
      path: '/personal-seal-apply/step-6',
      lazy: () =>
        import('../features/personal-seal/password-step-page.tsx').then((m) => ({
          Component: m.PersonalSealPasswordPage,
        })),
    },
    {
      path: '/personal-seal-apply/agreement',
      lazy: () =>
        import('../features/personal-seal/agreement-page.tsx').then((m) => ({
          Component: m.PersonalSealAgreementPage,
        })),
    },
  ]
}

/** Application records, the result page and the legal representative's signing (spec 001 §2 "Records", "New wizard"). */
function applyRecordScreens(): RouteObject[] {
  return [
    {
      path: '/seal-apply/record-list',
      lazy: () => import('../features/apply-records/record-list-page.tsx').then((m) => ({ Component: m.ApplyRecordListPage })),
    },
    {
      path: '/new/seal-result',
      lazy: () => import('../features/apply-records/result-page.tsx').then((m) => ({ Component: m.ApplyResultPage })),
    },
    {
      path: '/new/seal/sign',
      lazy: () => import('../features/apply-sign/apply-sign-page.tsx').then((m) => ({ Component: m.ApplySignPage })),
    },
  ]
}

/** Authorisation lists, a seal's authorised persons and the letter (spec 000 §2 "Authorization routes", "Seal management routes"). */
function sealAuthListScreens(): RouteObject[] {
  return [
    {
      path: '/authorization/:type',
      lazy: () => import('../features/seal-auth-lists/authorization-list-page.tsx').then((m) => ({ Component: m.AuthorizationListPage })),
    },
    {
      path: '/seal-person-list/:type/:sealId',
      lazy: () => import('../features/seal-auth-lists/seal-person-list-page.tsx').then((m) => ({ Component: m.SealPersonListPage })),
    },
    {
      path: '/auth-file/:fileId',
      lazy: () => import('../features/seal-auth-lists/auth-file-page.tsx').then((m) => ({ Component: m.AuthFilePage })),
    },
  ]
}

/** The agency centre (spec 002 §2 "Agency centre routes"): operators' applications waiting for the legal representative. */
function agencyCenterScreens(): RouteObject[] {
  return [
    { path: '/agency-center', lazy: () => import('../features/agency-center/agency-center-page.tsx').then((m) => ({ Component: m.AgencyCenterPage })) },
    { path: '/agency-center/detail', lazy: () => import('../features/agency-center/detail-page.tsx').then((m) => ({ Component: m.AgencyDetailPage })) },
    { path: '/agency-center/preview', lazy: () => import('../features/agency-center/preview-page.tsx').then((m) => ({ Component: m.AgencyPreviewPage })) },
    { path: '/agency-center/result', lazy: () => import('../features/agency-center/result-page.tsx').then((m) => ({ Component: m.AgencyResultPage })) },
  ]
}

/** Granting a seal and accepting it (spec 000 §2 "Authorization routes"; issue #11). */
function sealAuthScreens(): RouteObject[] {
  const screen = (path: string, load: RouteObject['lazy']): RouteObject => ({ path, lazy: load }) as RouteObject
  return [
    screen('/authorization-start/:type', () => import('../features/seal-auth/start-page.tsx').then((m) => ({ Component: m.AuthorizationStartPage }))),
    screen('/seal-list', () => import('../features/seal-auth/seal-choice-page.tsx').then((m) => ({ Component: m.SealChoicePage }))),
    screen('/seal-info-form', () => import('../features/seal-auth/form-page.tsx').then((m) => ({ Component: m.AuthFormPage }))),
    screen('/select-seal-user', () => import('../features/seal-auth/select-user-page.tsx').then((m) => ({ Component: m.SelectSealUserPage }))),
    screen('/authorization-sign/:info', () => import('../features/seal-auth/sign-page.tsx').then((m) => ({ Component: m.AuthorizationSignPage }))),
    screen('/authorization-success/:role', () => import('../features/seal-auth/success-page.tsx').then((m) => ({ Component: m.AuthorizationSuccessPage }))),
    screen('/authorization-done/:fileId', () => import('../features/seal-auth/done-page.tsx').then((m) => ({ Component: m.AuthorizationDonePage }))),
    screen('/seal-auth', () => import('../features/seal-auth/accept-page.tsx').then((m) => ({ Component: m.SealAuthAcceptPage }))),
    screen('/signature-collection', () => import('../features/seal-auth/collection-page.tsx').then((m) => ({ Component: m.SignatureCollectionPage }))),
    screen('/batch-modify-call-type', () => import('../features/seal-auth/use-method-page.tsx').then((m) => ({ Component: m.UseMethodPage }))),
  ]
}

/** Activation of a seal made from offline materials (spec 000 §2, 001 §2 "Activation", 002 §2; issue #21 §3). */
function activationScreens(): RouteObject[] {
  const screen = (path: string, load: RouteObject['lazy']): RouteObject => ({ path, lazy: load }) as RouteObject
  const identityStep = () => import('../features/seal-activation/identity-step-page.tsx').then((m) => ({ Component: m.ActivationIdentityPage }))
  return [
    screen('/seal-activate/list', () => import('../features/seal-activation/list-page.tsx').then((m) => ({ Component: m.ActivationListPage }))),
    screen('/seal-activate/:from', () => import('../features/seal-activation/intro-page.tsx').then((m) => ({ Component: m.ActivationIntroPage }))),
    screen('/seal-active/step-1', identityStep),
    screen('/seal-active/step-2', () => import('../features/seal-activation/password-step-page.tsx').then((m) => ({ Component: m.ActivationPasswordPage }))),
    screen('/seal-pending-active-no-make/step-1', identityStep),
  ]
}

/** The operator's offline-materials door (spec 001 §2 "Operator offline flow"; issue #21 §1). */
function offlineApplyScreens(): RouteObject[] {
  const screen = (path: string, load: RouteObject['lazy']): RouteObject => ({ path, lazy: load }) as RouteObject
  return [
    screen('/seal-apply/operator/step-1', () => import('../features/offline-apply/step1/operator-info-page.tsx').then((m) => ({ Component: m.OperatorInfoPage }))),
    screen('/seal-apply/operator/step-2', () => import('../features/offline-apply/download/download-page.tsx').then((m) => ({ Component: m.DownloadPage }))),
    screen('/seal-apply/operator/step-2-1', () => import('../features/offline-apply/patterns/seal-pattern-page.tsx').then((m) => ({ Component: m.SealPatternPage }))),
    screen('/seal-apply/operator/step-2-2', () => import('../features/offline-apply/documents/documents-page.tsx').then((m) => ({ Component: m.DocumentsPage }))),
    screen('/seal-apply/operator/step-3', () => import('../features/offline-apply/result/submitted-page.tsx').then((m) => ({ Component: m.SubmittedPage }))),
    screen('/seal-apply/operator/step-3-1', () => import('../features/offline-apply/result/result-page.tsx').then((m) => ({ Component: m.OfflineResultPage }))),
    screen('/seal-apply/operator/step-4', () => import('../features/offline-apply/mail/mail-page.tsx').then((m) => ({ Component: m.MailPage }))),
    screen('/seal-apply/operator/step-5', () => import('../features/offline-apply/result/outcome-page.tsx').then((m) => ({ Component: m.OutcomePage }))),
    screen('/seal-apply/operator/temp', () => import('../features/offline-apply/examples/form-examples-page.tsx').then((m) => ({ Component: m.FormExamplesPage }))),
    screen('/seal-apply/offline-form', () => import('../features/offline-apply/unit-form/offline-form-page.tsx').then((m) => ({ Component: m.OfflineFormPage }))),
  ]
}

/** The older step wizard for a new application (spec 001 §2 "Step-based application (older wizard)"; issue #21 §4). */
function olderApplyScreens(): RouteObject[] {
  const screen = (path: string, load: RouteObject['lazy']): RouteObject => ({ path, lazy: load }) as RouteObject
  return [
    screen('/seal-apply/flow', () => import('../features/older-apply/flow-page.tsx').then((m) => ({ Component: m.OlderFlowPage }))),
    screen('/seal-apply/step-1', () => import('../features/older-apply/step1-page.tsx').then((m) => ({ Component: m.OlderStep1Page }))),
    screen('/seal-apply/step-2', () => import('../features/older-apply/step2-page.tsx').then((m) => ({ Component: m.OlderStep2Page }))),
    screen('/seal-apply/step-4/:changeTypes', () => import('../features/older-apply/step4-page.tsx').then((m) => ({ Component: m.OlderStep4Page }))),
    screen('/seal-apply/step-4-1/:changeTypes', () => import('../features/older-apply/step4-1-page.tsx').then((m) => ({ Component: m.OlderStep41Page }))),
    screen('/seal-apply/pre-step-5', () => import('../features/older-apply/pre-step5-page.tsx').then((m) => ({ Component: m.OlderPreStep5Page }))),
    screen('/seal-apply/step-5/:flag/:logId', () => import('../features/older-apply/step5-page.tsx').then((m) => ({ Component: m.OlderStep5Page }))),
  ]
}

/** The older change and renewal pages (spec 001 §2 "Step-based application (older wizard)"; issue #21 §4): doors into the new wizard's applications. */
function olderChangeScreens(): RouteObject[] {
  const screen = (path: string, load: RouteObject['lazy']): RouteObject => ({ path, lazy: load }) as RouteObject
  return [
    screen('/seal-change', () => import('../features/older-change/change/intro-page.tsx').then((m) => ({ Component: m.ChangeIntroPage }))),
    screen('/seal-change/step-1', () => import('../features/older-change/change/step1-page.tsx').then((m) => ({ Component: m.ChangeStep1Page }))),
    screen('/seal-change/step-2', () => import('../features/older-change/change/step2-page.tsx').then((m) => ({ Component: m.ChangeStep2Page }))),
    screen('/seal-change/step-3/:changeTypes', () => import('../features/older-change/change/step3-page.tsx').then((m) => ({ Component: m.ChangeStep3Page }))),
    screen('/seal-change/step-3-1/:changeTypes', () => import('../features/older-change/change/step3-1-page.tsx').then((m) => ({ Component: m.ChangeStep31Page }))),
    screen('/seal-change/step-4', () => import('../features/older-change/change/step4-page.tsx').then((m) => ({ Component: m.ChangeStep4Page }))),
    screen('/seal-renewal/step-1', () => import('../features/older-change/renewal/step1-page.tsx').then((m) => ({ Component: m.RenewalStep1Page }))),
    screen('/seal-renewal/step-2', () => import('../features/older-change/renewal/step2-page.tsx').then((m) => ({ Component: m.RenewalStep2Page }))),
    screen('/seal-renewal/step-3', () => import('../features/older-change/renewal/step3-page.tsx').then((m) => ({ Component: m.RenewalStep3Page }))),
  ]
}

const builtPaths = new Set([...publicScreens, ...builtScreens].map((route) => route.path))

/** Spec routes with no screen: none (the route table test keeps it so); such a path would answer 页面不存在. */
export const unbuiltSpecRoutes = specRoutes.filter((route) => !builtPaths.has(route.path))

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <RootRedirect /> },
      ...publicScreens,
      {
        element: <StartupGate />,
        children: [
          ...builtScreens,
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
])
