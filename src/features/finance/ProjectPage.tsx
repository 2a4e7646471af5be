import { useLingui } from "@lingui/react/macro";
import { Empty } from "../../ui/Empty";

export function ProjectPage() {
  const { t } = useLingui();
  return (
    <main className="page page-tab">
      <h1 className="page-title">{t`Projects`}</h1>
      <Empty
        title={t`No financing plans yet`}
        text={t`Financing plans cannot be joined in this version of the app. Your cash stays in your wallet.`}
      />
    </main>
  );
}
