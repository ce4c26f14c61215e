import { CardSection } from '@/components/ui/card-section';
import { FactList, TermList } from '@/components/ui/lists';
import { ADDRESS_DETAIL_MAX, ADDRESS_MAX_PER_USER } from '@/lib/domain/address-rules';

/** The address book's rules; `fields` adds what each field of the form needs. */
export function AddressRules({ fields = false }: { fields?: boolean }) {
  return (
    <>
      <CardSection title="地址规则">
        <FactList
          items={[
            `每个账号最多保存 ${ADDRESS_MAX_PER_USER} 个收货地址。`,
            `详细地址不超过 ${ADDRESS_DETAIL_MAX} 字。`,
            '勾选「设为默认收货地址」的地址会在确认订单时自动选中；默认地址只有一个。',
            '修改或删除地址不影响已提交的订单，订单保存下单时的地址。',
          ]}
        />
      </CardSection>
      {fields ? (
        <CardSection title="需要填写">
          <TermList
            items={[
              { term: '姓名', text: '收货人姓名，未填写时提示「请填写姓名」。' },
              { term: '电话', text: '手机号（可带 +86）或以 0 开头的座机号，格式不对时提示「请填写正确的电话」。' },
              { term: '地区', text: '依次选择省、市、区县，未选择时提示「请选择地区」。' },
              { term: '详细地址', text: `街道、小区、楼栋与门牌号，不超过 ${ADDRESS_DETAIL_MAX} 字，未填写时提示「请填写详细地址」。` },
            ]}
          />
        </CardSection>
      ) : null}
    </>
  );
}
