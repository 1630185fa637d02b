import { useFetcher, useLocation } from "@remix-run/react";
import { useAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Modal } from "~/components/Modal";
import { useLocale } from "~/hooks/use-locale";
import { localePath } from "~/lib/i18n";
import { isAuthModal, openModalAtom, type AuthModalName } from "~/state/ui";
import { AuthLink } from "./AuthLink";
import { LoginForm, RegisterForm, ResetRequestForm } from "./AuthForms";
import { useRootData } from "~/hooks/route-data";

// Spec 2's login, register and forgot-password modals: the pages' own forms
// over the current page, posting to the pages' actions with a fetcher. A
// successful sign-in or sign-up redirects back to the page the shopper is
// on, which then reloads its data with the new user, and the modal closes.

export default function AuthModals() {
  const { t } = useTranslation();
  const [openModal, setOpenModal] = useAtom(openModalAtom);
  const user = useRootData()?.user;
  useEffect(() => {
    if (user) setOpenModal((open) => (isAuthModal(open) ? null : open));
  }, [user, setOpenModal]);
  const titles = { login: t("auth.loginTitle"), register: t("auth.registerTitle"), "forgot-password": t("auth.resetTitle") };
  return (
    <Modal open={isAuthModal(openModal)} onClose={() => setOpenModal(null)} title={isAuthModal(openModal) ? titles[openModal] : undefined} size="md" mobile>
      {openModal === "login" ? <LoginModal /> : openModal === "register" ? <RegisterModal /> : openModal === "forgot-password" ? <ResetModal /> : null}
    </Modal>
  );
}

function useHere() {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** A modal's form posts with its own fetcher to the action of the page it stands for. */
function useAuthForm(name: AuthModalName, page: string) {
  const locale = useLocale();
  const fetcher = useFetcher({ key: `auth-modal-${name}` });
  // Only a refused form answers data; a success answers a redirect.
  const lastResult = fetcher.data as Parameters<typeof LoginForm>[0]["lastResult"];
  return { fetcher: fetcher as Parameters<typeof LoginForm>[0]["fetcher"], lastResult, action: localePath(locale, page) };
}

/** The line under a modal's form that leads to another of them: "No account yet? Register". */
function ModalSwitch({ question, to, modal, label }: { question?: string; to: string; modal: AuthModalName; label: string }) {
  return (
    <p className="mt-6 border-t border-line pt-4 text-sm">
      {question ? `${question} ` : null}
      <AuthLink to={to} modal={modal} className="link font-semibold">
        {label}
      </AuthLink>
    </p>
  );
}

function LoginModal() {
  const { t } = useTranslation();
  const form = useAuthForm("login", "/login");
  const here = useHere();
  return (
    <>
      <p className="mb-4 text-ink-muted">{t("auth.loginIntro")}</p>
      <LoginForm
        id="login-modal"
        {...form}
        redirectTo={here}
        forgotLink={
          <AuthLink to="/password-reset" modal="forgot-password" className="link self-start text-sm">
            {t("auth.forgotPassword")}
          </AuthLink>
        }
      />
      <ModalSwitch question={t("auth.noAccount")} to="/register" modal="register" label={t("auth.registerLink")} />
    </>
  );
}

function RegisterModal() {
  const { t } = useTranslation();
  const form = useAuthForm("register", "/register");
  const here = useHere();
  return (
    <>
      <p className="mb-4 text-ink-muted">{t("auth.registerIntro")}</p>
      <RegisterForm id="register-modal" {...form} redirectTo={here} />
      <ModalSwitch question={t("auth.haveAccount")} to="/login" modal="login" label={t("auth.signIn")} />
    </>
  );
}

function ResetModal() {
  const { t } = useTranslation();
  const form = useAuthForm("forgot-password", "/password-reset");
  return (
    <>
      <p className="mb-4 text-ink-muted">{t("auth.resetIntro")}</p>
      <ResetRequestForm id="password-reset-modal" {...form} />
      <ModalSwitch to="/login" modal="login" label={t("auth.backToSignIn")} />
    </>
  );
}
