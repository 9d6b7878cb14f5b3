"""Errors of Chinese platforms' envelopes: WeChat errcode/errmsg, code/msg, Alipay sub_code,
Tencent Cloud, Baidu, Huawei Cloud, Feishu, DingTalk."""

from __future__ import annotations

from obsline.protocol_corpus.case import Case, err


def cn_error_cases() -> list[Case]:
    """The platforms' own error envelopes."""
    out: list[Case] = []
    wechat = [(40001, "invalid credential, access_token is invalid or not latest", "AUTH_FAILED"),
              (42001, "access_token expired", "AUTH_FAILED"), (45009, "reach max api daily quota limit",
                                                               "RATE_LIMITED"),
              (-1, "system error", "UPSTREAM_FAILURE"), (40003, "invalid openid", "INVALID_ARGUMENT")]
    for code, msg, stable in wechat:
        out.append(err(f"wechat-{code}", {"errcode": code, "errmsg": msg}, stable, str(code), style="wechat",
                        lang="en"))
    # No words: the code is kept, but what 40001 means is WeChat's table, not the result's.
    out.append(err("wechat-no-msg", {"errcode": 40001}, "UNKNOWN", "40001", style="wechat"))
    out.append(Case("wechat-ok", {"errcode": 0, "errmsg": "ok", "msgid": 1234}, "success", style="wechat"))
    codemsg = [(404, "资源不存在", "NOT_FOUND", "zh"), (401, "未授权", "AUTH_FAILED", "zh"),
               (500, "服务器内部错误", "UPSTREAM_FAILURE", "zh"), (429, "请求过于频繁", "RATE_LIMITED", "zh"),
               (403, "无权限访问", "PERMISSION_DENIED", "zh"), (400, "参数错误", "INVALID_ARGUMENT", "zh"),
               (1001, "用户不存在", "NOT_FOUND", "zh"), (10003, "签名无效", "AUTH_FAILED", "zh")]
    for code, msg, stable, lang in codemsg:
        out.append(err(f"codemsg-{code}", {"code": code, "msg": msg}, stable, str(code), style="code/msg",
                        lang=lang))
        out.append(err(f"codemsg-data-{code}", {"code": code, "msg": msg, "data": None}, stable, str(code),
                        style="code/msg", lang=lang))
    out.append(Case("codemsg-ok", {"code": 0, "msg": "success", "data": {"id": 7}}, "success", style="code/msg"))
    out.append(Case("codemsg-200", {"code": 200, "message": "OK", "data": [1, 2]}, "success", style="code/msg"))
    out.append(err("alipay-sub-code", {"alipay_trade_query_response": {
        "code": "40004", "msg": "Business Failed", "sub_code": "ACQ.TRADE_NOT_EXIST", "sub_msg": "交易不存在"}},
        "NOT_FOUND", "ACQ.TRADE_NOT_EXIST", style="alipay", lang="zh"))
    out.append(err("tencent-cloud", {"Response": {"Error": {"Code": "AuthFailure.SignatureExpire",
                                                             "Message": "签名过期"}, "RequestId": "b5d1"}},
                    "AUTH_FAILED", "AuthFailure.SignatureExpire", style="tencent cloud", lang="zh"))
    out.append(err("tencent-cloud-limit", {"Response": {"Error": {"Code": "RequestLimitExceeded",
                                                                   "Message": "请求的次数超过了频率限制"},
                                                         "RequestId": "b5d2"}},
                    "RATE_LIMITED", "RequestLimitExceeded", style="tencent cloud", lang="zh"))
    out.append(err("baidu", {"error_code": 110, "error_msg": "Access token invalid or no longer valid"},
                    "AUTH_FAILED", "110", style="baidu"))
    out.append(err("baidu-qps", {"error_code": 18, "error_msg": "Open api qps request limit reached"},
                    "RATE_LIMITED", "18", style="baidu"))
    out.append(err("huawei", {"error_code": "APIGW.0301", "error_msg": "Incorrect IAM authentication information"},
                    "AUTH_FAILED", "APIGW.0301", style="huawei cloud"))
    out.append(err("feishu", {"code": 99991663, "msg": "tenant access token invalid"}, "AUTH_FAILED", "99991663",
                    style="feishu"))
    out.append(err("dingtalk", {"errcode": 88, "errmsg": "ding talk error[subcode=40078,submsg=不存在的临时授权码]"},
                    "NOT_FOUND", "88", style="dingtalk", lang="zh"))
    return out
